package notebookedit

import (
	"bytes"
	"strings"
)

// The notebook's text is changed by splicing: only the bytes of the cell
// being replaced, inserted or deleted (and one separating comma) change.
// A new or rewritten cell is indented the way the file is — Jupyter writes
// one space per level — or written compact when the file is.

// layout is how the file lays out its cells list.
type layout struct {
	indent string // one level of indentation; "" for a compact file
	prefix string // what starts a cell's line inside the list
	sep    string // whitespace between "[" (or a ",") and the next cell
	nl     string // the line break: "\n", or "\r\n" in a CRLF file
}

func (nb *notebook) layout() layout {
	l := layout{indent: topIndent(nb.src), nl: "\n"}
	if bytes.Contains(nb.src, []byte("\r\n")) {
		l.nl = "\r\n"
	}
	if l.indent == "" {
		return l
	}
	if len(nb.cells) > 0 {
		l.sep = string(nb.src[nb.open+1 : nb.cells[0].start])
	} else {
		l.sep = l.nl + lineIndent(nb.src, nb.open) + l.indent
	}
	l.prefix = l.sep[strings.LastIndexByte(l.sep, '\n')+1:]
	return l
}

// encode lays c out for this file. Raw line breaks in JSON text are only
// ever layout (breaks inside strings are escaped), so they can be made
// CRLF wholesale.
func (l layout) encode(c *cell) ([]byte, error) {
	data, err := c.encode(l.prefix, l.indent)
	if err != nil || l.nl == "\n" {
		return data, err
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n")), nil
}

// topIndent is the whitespace that starts the first key's line.
func topIndent(src []byte) string {
	i := bytes.IndexByte(src, '{') + 1
	j := i
	for j < len(src) && isSpace(src[j]) {
		j++
	}
	ws := string(src[i:j])
	nl := strings.LastIndexByte(ws, '\n')
	if nl < 0 {
		return ""
	}
	return ws[nl+1:]
}

// lineIndent is the leading whitespace of the line holding offset at.
func lineIndent(src []byte, at int) string {
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end := start
	for end < at && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (nb *notebook) replaced(i int, data []byte) []byte {
	s := nb.cells[i]
	return join(nb.src[:s.start], data, nb.src[s.end:])
}

// inserted puts data in the list so that it becomes cell number at.
func (nb *notebook) inserted(at int, data []byte, l layout) []byte {
	switch {
	case len(nb.cells) == 0:
		closing := ""
		if l.indent != "" {
			closing = l.nl + lineIndent(nb.src, nb.open)
		}
		return join(nb.src[:nb.open+1], []byte(l.sep), data, []byte(closing), nb.src[nb.close:])
	case at == 0:
		s := nb.cells[0]
		return join(nb.src[:s.start], data, []byte(","+l.sep), nb.src[s.start:])
	}
	s := nb.cells[at-1]
	return join(nb.src[:s.end], []byte(","+l.sep), data, nb.src[s.end:])
}

// deleted removes cell i and one comma next to it.
func (nb *notebook) deleted(i int) []byte {
	switch {
	case len(nb.cells) == 1:
		return join(nb.src[:nb.open+1], nb.src[nb.close:])
	case i == 0:
		return join(nb.src[:nb.cells[0].start], nb.src[nb.cells[1].start:])
	}
	return join(nb.src[:nb.cells[i-1].end], nb.src[nb.cells[i].end:])
}

func join(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
