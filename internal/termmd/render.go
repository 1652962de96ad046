package termmd

import (
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Options say how to render.
type Options struct {
	// Width is the terminal's width in columns; the text is wrapped to
	// it less a margin of two columns on each side.
	Width int
	// Color draws attributes and colours; without it emphasis, code and
	// headings keep their Markdown markers.
	Color bool
}

// margin is the document's left margin.
const margin = "  "

// minWidth is the narrowest the text is wrapped to.
const minWidth = 16

// markdownParser is built on first use, not at package initialisation.
var markdownParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(goldmark.WithExtensions(gfm{})).Parser()
})

// Render renders the Markdown src. Blocks are separated by one blank
// line, every line has the left margin, and no line ends in spaces.
func Render(src string, o Options) string { return render(markdownParser(), src, o) }

func render(p parser.Parser, src string, o Options) string {
	b := []byte(src)
	doc := p.Parse(text.NewReader(b))
	r := &renderer{src: b, o: o}
	lines := r.blocks(doc, max(o.Width-2*len(margin), minWidth), true)
	for i, l := range lines {
		if l != "" {
			lines[i] = strings.TrimRight(margin+l, " ")
		}
	}
	return strings.Join(lines, "\n")
}

type renderer struct {
	src []byte
	o   Options
}

// blocks renders n's children, one after the other; loose puts a blank
// line between them.
func (r *renderer) blocks(n ast.Node, width int, loose bool) []string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		lines := r.block(c, width)
		if len(lines) == 0 {
			continue
		}
		if loose && len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, lines...)
	}
	return out
}

// block renders one block to lines of at most width columns (code
// blocks excepted: their lines are kept whole).
func (r *renderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Heading:
		return r.heading(n, width)
	case *ast.Paragraph, *ast.TextBlock:
		return wrap(r.inlines(n, style{}), width, r.o.Color)
	case *ast.ThematicBreak:
		if r.o.Color {
			return []string{paintStyle(style{attrs: faint}, strings.Repeat("─", min(width, 40)))}
		}
		return []string{"--------"}
	case *ast.FencedCodeBlock:
		return r.code(n, string(n.Language(r.src)))
	case *ast.CodeBlock:
		return r.code(n, "")
	case *ast.Blockquote:
		bar := "| "
		if r.o.Color {
			bar = paintStyle(style{attrs: faint}, "│") + " "
		}
		return prefix(r.blocks(n, width-2, true), bar, bar)
	case *ast.List:
		return r.list(n, width)
	case *ast.HTMLBlock:
		return r.rawLines(n)
	}
	if isTable(n) {
		return r.table(n, width)
	}
	return r.blocks(n, width, true)
}

func (r *renderer) heading(n *ast.Heading, width int) []string {
	st := style{attrs: bold}
	var spans []span
	if r.o.Color {
		switch n.Level {
		case 1:
			st = st.color(magenta).with(underline)
		case 2:
			st = st.color(magenta)
		}
	} else {
		spans = append(spans, span{text: strings.Repeat("#", n.Level) + " "})
	}
	return wrap(append(spans, r.inlines(n, st)...), width, r.o.Color)
}

// list renders the items with their markers; the items' own blocks are
// indented under the marker.
func (r *renderer) list(n *ast.List, width int) []string {
	var out []string
	num := n.Start
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		marker := "• "
		if n.IsOrdered() {
			marker = itoa(num) + ". "
			num++
		}
		pad := strings.Repeat(" ", len([]rune(marker)))
		body := r.blocks(item, width-len(pad), !n.IsTight)
		if len(body) == 0 {
			body = []string{""}
		}
		if !n.IsTight && len(out) > 0 {
			out = append(out, "")
		}
		if r.o.Color {
			marker = paintStyle(style{fg: blue}, marker[:len(marker)-1]) + " "
		}
		out = append(out, prefix(body, marker, pad)...)
	}
	return out
}

// code renders a code block's lines, highlighted when colour is on,
// indented by two columns.
func (r *renderer) code(n ast.Node, lang string) []string {
	var b strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(r.src))
	}
	src := strings.ReplaceAll(strings.TrimRight(b.String(), "\n"), "\t", "    ")
	var out []string
	if r.o.Color {
		out = highlight(src, lang)
	} else {
		out = strings.Split(src, "\n")
	}
	return prefix(out, "  ", "  ")
}

// rawLines are an HTML block's lines as they are.
func (r *renderer) rawLines(n *ast.HTMLBlock) []string {
	var out []string
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		out = append(out, strings.TrimRight(string(seg.Value(r.src)), "\r\n"))
	}
	if n.HasClosure() {
		out = append(out, strings.TrimRight(string(n.ClosureLine.Value(r.src)), "\r\n"))
	}
	return out
}

// prefix puts first before the first line and rest before the others;
// empty lines get the prefix without its trailing spaces.
func prefix(lines []string, first, rest string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if l == "" {
			out[i] = strings.TrimRight(p, " ")
		} else {
			out[i] = p + l
		}
	}
	return out
}
