package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word resolves a parsed word: its value when static, its source text
// otherwise.
func (w *walker) word(x *syntax.Word) Word {
	if x == nil || len(x.Parts) == 0 {
		return Word{}
	}
	var b strings.Builder
	var out Word
	for _, part := range x.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			out.Glob = unquoted(&b, p.Value) || out.Glob
		case *syntax.SglQuoted:
			// $'…' holds escapes whose value this package does not decode.
			out.Dynamic = out.Dynamic || p.Dollar
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			out.Dynamic = !doubleQuoted(&b, p) || out.Dynamic
		case *syntax.ExtGlob:
			out.Glob = true
			b.WriteString(w.text(p))
		default: // parameter, arithmetic, command or process substitution
			out.Dynamic = true
		}
	}
	out.Text = b.String()
	if out.Dynamic {
		out.Text = w.text(x)
		if name, ok := w.loopVar(x); ok {
			out.Var, out.Bound = name, true
		}
	}
	return out
}

// unquoted writes an unquoted literal's value (backslash escapes
// removed) and reports whether it holds glob or brace-expansion syntax.
func unquoted(b *strings.Builder, s string) (glob bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
		case c == '*' || c == '?' || (c == '[' && strings.IndexByte(s[i:], ']') > 0):
			glob = true
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return glob || braces(s)
}

// braces reports whether s may undergo brace expansion: a `{` later
// closed by `}` with a comma or `..` between them.
func braces(s string) bool {
	open := strings.IndexByte(s, '{')
	if open < 0 {
		return false
	}
	end := strings.IndexByte(s[open:], '}')
	if end < 0 {
		return false
	}
	inner := s[open : open+end]
	return strings.Contains(inner, ",") || strings.Contains(inner, "..")
}

// doubleQuoted writes a double-quoted string's value and reports whether
// it is static (no expansion inside, not a $"…" translation).
func doubleQuoted(b *strings.Builder, q *syntax.DblQuoted) bool {
	static := !q.Dollar
	for _, part := range q.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			static = false
			continue
		}
		s := lit.Value
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
				i++
				if s[i] == '\n' {
					continue
				}
			}
			b.WriteByte(s[i])
		}
	}
	return static
}
