package termmd

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// inlines renders n's inline children as styled spans.
func (r *renderer) inlines(n ast.Node, st style) []span {
	var out []span
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = r.inline(out, c, st)
	}
	return out
}

// marked renders n's children between Markdown markers (no colour) or
// in the style st (colour).
func (r *renderer) marked(out []span, n ast.Node, st style, add attr, marker string) []span {
	if r.o.Color {
		return append(out, r.inlines(n, st.with(add))...)
	}
	out = append(out, span{marker, st})
	out = append(out, r.inlines(n, st)...)
	return append(out, span{marker, st})
}

func (r *renderer) inline(out []span, n ast.Node, st style) []span {
	switch n := n.(type) {
	case *ast.Text:
		v := n.Segment.Value(r.src)
		if !n.IsRaw() {
			v = util.ResolveNumericReferences(util.ResolveEntityNames(util.UnescapePunctuations(v)))
		}
		out = append(out, span{string(v), st})
		switch {
		case n.HardLineBreak():
			out = append(out, span{"\n", st})
		case n.SoftLineBreak():
			out = append(out, span{" ", st})
		}
		return out
	case *ast.String:
		return append(out, span{string(n.Value), st})
	case *ast.Emphasis:
		if n.Level >= 2 {
			return r.marked(out, n, st, bold, "**")
		}
		return r.marked(out, n, st, italic, "*")
	case *east.Strikethrough:
		return r.marked(out, n, st, strike, "~~")
	case *ast.CodeSpan:
		return r.codeSpan(out, n, st)
	case *ast.Link:
		return r.link(out, r.inlines(n, st.with(underline).color(blue)), string(n.Destination), st)
	case *ast.AutoLink:
		url := string(n.URL(r.src))
		return append(out, span{url, st.with(underline).color(blue)})
	case *ast.Image:
		alt := r.inlines(n, st)
		out = append(out, span{"Image: ", st.with(faint)})
		out = append(out, alt...)
		return append(out, span{" → " + string(n.Destination), st.with(faint)})
	case *ast.RawHTML:
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			out = append(out, span{string(seg.Value(r.src)), st.with(faint)})
		}
		return out
	case *east.TaskCheckBox:
		box := "[ ] "
		if n.IsChecked {
			box = "[x] "
		}
		return append(out, span{box, st.color(green).with(glue)})
	}
	return append(out, r.inlines(n, st)...)
}

// codeSpan is inline code: coloured, or between backticks.
func (r *renderer) codeSpan(out []span, n *ast.CodeSpan, st style) []span {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(r.src))
		case *ast.String:
			b.Write(c.Value)
		}
	}
	if r.o.Color {
		return append(out, span{b.String(), st.color(cyan).with(glue)})
	}
	return append(out, span{"`" + b.String() + "`", st.with(glue)})
}

// link is the link's text, then its address when the text does not
// already say it.
func (r *renderer) link(out, label []span, dest string, st style) []span {
	if !r.o.Color {
		for i := range label {
			label[i].st = st
		}
	}
	out = append(out, label...)
	var text strings.Builder
	for _, s := range label {
		text.WriteString(s.text)
	}
	if dest != "" && dest != text.String() && !strings.HasPrefix(dest, "#") {
		out = append(out, span{" (" + dest + ")", st.with(faint)})
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
