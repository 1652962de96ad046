package frontmatter

import (
	"strings"
)

// Value is one key's value: a scalar, a list, or a nested map the parser
// skipped (Nested; its text is not kept).
type Value struct {
	Scalar string
	List   []string
	IsList bool
	Nested bool
}

// Doc is a parsed header, by key.
type Doc map[string]Value

// Parse reads a header's text (without the "---" lines).
func Parse(front string) (Doc, error) {
	p := parser{lines: strings.Split(front, "\n"), doc: Doc{}}
	for p.i < len(p.lines) {
		if err := p.entry(); err != nil {
			return nil, err
		}
	}
	return p.doc, nil
}

type parser struct {
	lines []string
	i     int
	doc   Doc
}

// lineNo is the file line of lines[i]: the opening "---" is line 1.
func (p *parser) lineNo(i int) int { return i + 2 }

func (p *parser) fail(i int, msg string) error { return &SyntaxError{Line: p.lineNo(i), Msg: msg} }

// entry reads one top-level key and its value.
func (p *parser) entry() error {
	line := strings.TrimRight(p.lines[p.i], " \t\r")
	trimmed := strings.TrimLeft(line, " \t")
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		p.i++
		return nil
	}
	if trimmed != line {
		return p.fail(p.i, "unexpected indentation")
	}
	key, rest, ok := cutKey(line)
	if !ok {
		return p.fail(p.i, `expected "key: value"`)
	}
	if _, dup := p.doc[key]; dup {
		return p.fail(p.i, "key "+key+" is written twice")
	}
	at := p.i
	p.i++
	v, err := p.value(at, rest)
	if err != nil {
		return err
	}
	p.doc[key] = v
	return nil
}

// cutKey splits "key: rest"; the colon must end the line or be followed
// by a blank.
func cutKey(line string) (key, rest string, ok bool) {
	for i := 0; i < len(line); i++ {
		if line[i] != ':' {
			continue
		}
		if i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' {
			continue
		}
		key = strings.TrimSpace(line[:i])
		if key == "" || strings.ContainsAny(key, " \t\"'[]{}") {
			return "", "", false
		}
		return key, strings.TrimSpace(line[i+1:]), true
	}
	return "", "", false
}

// value reads the value that starts after a key on line at.
func (p *parser) value(at int, rest string) (Value, error) {
	switch {
	case rest == "" || strings.HasPrefix(rest, "#"):
		return p.indented()
	case rest[0] == '|' || rest[0] == '>':
		if strings.Trim(rest[1:], "+-0123456789 \t") != "" {
			return Value{}, p.fail(at, "unexpected text after block scalar indicator")
		}
		return Value{Scalar: p.block(rest[0] == '>')}, nil
	case rest[0] == '[':
		// Text such as "[name] [mood]" (an argument hint) is not a YAML
		// list; Claude Code reads it as text, and so does corvid.
		if items, err := inlineList(rest); err == nil {
			return Value{List: items, IsList: true}, nil
		}
		return Value{Scalar: stripComment(rest)}, nil
	case rest[0] == '{' && strings.HasSuffix(stripComment(rest), "}"):
		return Value{Nested: true}, nil
	}
	s, err := scalar(rest)
	if err != nil {
		return Value{}, p.fail(at, err.Error())
	}
	return Value{Scalar: s}, nil
}
