package frontmatter

import (
	"errors"
	"strings"
)

// indented reads what follows a key with no value on its line: a block
// list, a nested map (skipped), or nothing (an empty scalar).
func (p *parser) indented() (Value, error) {
	var v Value
	for ; p.i < len(p.lines); p.i++ {
		line := strings.TrimRight(p.lines[p.i], " \t\r")
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if trimmed == line && !strings.HasPrefix(trimmed, "- ") && trimmed != "-" {
			break // the next top-level key
		}
		switch {
		case strings.HasPrefix(trimmed, "- ") || trimmed == "-":
			if v.Nested {
				continue // a list inside the skipped map
			}
			item, err := scalar(strings.TrimSpace(strings.TrimPrefix(trimmed, "-")))
			if err != nil {
				return Value{}, p.fail(p.i, err.Error())
			}
			v.List, v.IsList = append(v.List, item), true
		case v.IsList:
			return Value{}, p.fail(p.i, "nested values inside a list are not supported")
		default:
			v.Nested = true
		}
	}
	if v.Nested {
		return Value{Nested: true}, nil
	}
	return v, nil
}

// block reads a "|" (literal) or ">" (folded) block scalar: the indented
// lines that follow.
func (p *parser) block(folded bool) string {
	var lines []string
	indent := -1
	for ; p.i < len(p.lines); p.i++ {
		line := strings.TrimRight(p.lines[p.i], " \t\r")
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" {
			lines = append(lines, "")
			continue
		}
		n := len(line) - len(trimmed)
		if n == 0 {
			break
		}
		if indent < 0 || n < indent {
			indent = n
		}
		lines = append(lines, line[min(indent, n):])
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if !folded {
		return strings.Join(lines, "\n")
	}
	var b strings.Builder
	for i, l := range lines {
		switch {
		case l == "":
			b.WriteString("\n")
			continue
		case i > 0 && lines[i-1] != "":
			b.WriteString(" ")
		}
		b.WriteString(l)
	}
	return b.String()
}

// scalar reads a plain or quoted scalar, dropping a trailing comment.
func scalar(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	switch s[0] {
	case '"', '\'':
		v, rest, err := quoted(s)
		if err != nil {
			return "", err
		}
		if rest = strings.TrimSpace(rest); rest != "" && !strings.HasPrefix(rest, "#") {
			return "", errors.New("unexpected text after a quoted value")
		}
		return v, nil
	}
	return stripComment(s), nil
}

// stripComment drops " # comment" from a plain scalar.
func stripComment(s string) string {
	for i := 1; i < len(s); i++ {
		if s[i] == '#' && (s[i-1] == ' ' || s[i-1] == '\t') {
			return strings.TrimSpace(s[:i])
		}
	}
	return strings.TrimSpace(s)
}

// quoted reads a quoted string at the start of s and returns the rest.
func quoted(s string) (val, rest string, err error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case q == '\'' && c == '\'' && i+1 < len(s) && s[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case c == q:
			return b.String(), s[i+1:], nil
		case q == '"' && c == '\\' && i+1 < len(s):
			i++
			b.WriteString(unescape(s[i]))
		default:
			b.WriteByte(c)
		}
	}
	return "", "", errors.New("unclosed quoted value")
}

func unescape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	}
	return string(c)
}

// inlineList reads "[a, 'b, c', d]".
func inlineList(s string) ([]string, error) {
	s = strings.TrimSpace(s[1:])
	items := []string{}
	for {
		s = strings.TrimSpace(s)
		if strings.HasPrefix(s, "]") {
			if rest := strings.TrimSpace(s[1:]); rest != "" && !strings.HasPrefix(rest, "#") {
				return nil, errors.New("unexpected text after a list")
			}
			return items, nil
		}
		if s == "" {
			return nil, errors.New("unclosed list")
		}
		var item string
		if s[0] == '"' || s[0] == '\'' {
			v, rest, err := quoted(s)
			if err != nil {
				return nil, err
			}
			item, s = v, strings.TrimSpace(rest)
		} else {
			end := strings.IndexAny(s, ",]")
			if end < 0 {
				return nil, errors.New("unclosed list")
			}
			item, s = strings.TrimSpace(s[:end]), s[end:]
		}
		items = append(items, item)
		s = strings.TrimPrefix(s, ",")
	}
}
