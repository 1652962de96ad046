package permission

import "strings"

// pattern is a command or name pattern: `*` matches any run of
// characters (spaces included), `\*` is a literal star. A pattern that
// ends in " *" (or the legacy ":*") has a word boundary: `ls *` matches
// `ls` and `ls -la` but not `lsof`. Without a star it matches exactly.
type pattern struct {
	// parts are the literal pieces between stars.
	parts []string
	// prefix is set when the pattern ended in " *": the bare prefix
	// (bare: parts without the final star and space) matches too.
	prefix bool
	bare   []string
	// exact is set when the pattern has no star.
	exact bool
}

// compilePattern compiles a command pattern. Runs of spaces and tabs
// count as one space.
func compilePattern(s string) pattern {
	s = collapseSpace(s)
	if base, ok := strings.CutSuffix(s, ":*"); ok && !strings.HasSuffix(base, `\`) {
		s = strings.TrimRight(base, " ") + " *"
	}
	p := pattern{parts: splitStars(s)}
	p.exact = len(p.parts) == 1
	if n := len(p.parts); n >= 2 && p.parts[n-1] == "" && strings.HasSuffix(p.parts[n-2], " ") {
		p.prefix = true
		p.bare = append(append([]string(nil), p.parts[:n-2]...), strings.TrimSuffix(p.parts[n-2], " "))
	}
	return p
}

// splitStars splits s at unescaped stars and unescapes `\*`, `\(`,
// `\)` and `\\`.
func splitStars(s string) []string {
	var parts []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(`*()\`, s[i+1]) >= 0:
			i++
			b.WriteByte(s[i])
		case c == '*':
			parts = append(parts, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(parts, b.String())
}

// match reports whether the pattern matches s.
func (p pattern) match(s string) bool {
	if p.exact {
		return s == p.parts[0]
	}
	if p.prefix && globParts(p.bare, s) {
		return true
	}
	return globParts(p.parts, s)
}

// globParts matches s against literal parts separated by stars: the
// first part is a prefix, the last a suffix, the others appear in order
// between them.
func globParts(parts []string, s string) bool {
	if len(parts) == 1 {
		return s == parts[0]
	}
	first, last := parts[0], parts[len(parts)-1]
	if len(s) < len(first)+len(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		return false
	}
	s = s[len(first) : len(s)-len(last)]
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(s, part)
		if i < 0 {
			return false
		}
		s = s[i+len(part):]
	}
	return true
}

// collapseSpace trims s and turns each run of spaces and tabs into one
// space.
func collapseSpace(s string) string {
	if collapsed(s) {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range strings.Trim(s, " \t\n") {
		if r == ' ' || r == '\t' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// escapePattern quotes s so that it matches itself exactly as a rule
// specifier.
func escapePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `(`, `\(`, `)`, `\)`)
	return r.Replace(s)
}

// collapsed reports whether collapseSpace would return s unchanged: no
// tab, no two blanks in a row, no blank or newline at either end.
func collapsed(s string) bool {
	if s == "" {
		return true
	}
	if c := s[0]; c == ' ' || c == '\t' || c == '\n' {
		return false
	}
	if c := s[len(s)-1]; c == ' ' || c == '\t' || c == '\n' {
		return false
	}
	return !strings.Contains(s, "\t") && !strings.Contains(s, "  ")
}
