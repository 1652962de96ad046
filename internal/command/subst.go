package command

import (
	"strconv"
	"strings"
)

// vars are the values a body's placeholders take.
type vars struct {
	args       string
	positional []string
	named      map[string]string // ${NAME} variables
	used       bool              // an argument placeholder appeared
}

// subst replaces $ARGUMENTS, $ARGUMENTS[N], $N (0-based; left as written
// when there is no such argument) and ${NAME} for the known names; \$
// before a placeholder keeps it literal. The replacements are not
// scanned again.
func (v *vars) subst(s string) string {
	if !strings.ContainsRune(s, '$') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && s[i+1] == '$' {
			if n := v.placeholder(s[i+1:]); n > 0 {
				b.WriteString(s[i+1 : i+1+n])
				i += n
				continue
			}
		}
		if c != '$' {
			b.WriteByte(c)
			continue
		}
		if n := v.placeholder(s[i:]); n > 0 {
			b.WriteString(v.value(s[i : i+n]))
			i += n - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// placeholder returns the length of the placeholder at the start of s
// ("$..."), 0 for none.
func (v *vars) placeholder(s string) int {
	rest := s[1:]
	switch {
	case strings.HasPrefix(rest, "{"):
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return 0
		}
		if _, ok := v.named[rest[1:end]]; ok {
			return end + 2
		}
		return 0
	case strings.HasPrefix(rest, "ARGUMENTS["):
		end := strings.IndexByte(rest, ']')
		if end < 0 || !digits(rest[len("ARGUMENTS["):end]) {
			return 0
		}
		return end + 2
	case strings.HasPrefix(rest, "ARGUMENTS"):
		return 1 + len("ARGUMENTS")
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 {
		return 0
	}
	return n + 1
}

// value is the replacement of one placeholder.
func (v *vars) value(p string) string {
	switch {
	case strings.HasPrefix(p, "${"):
		return v.named[p[2:len(p)-1]]
	case p == "$ARGUMENTS":
		v.used = true
		return v.args
	}
	idx := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(p, "$ARGUMENTS["), "$"), "]")
	v.used = true
	n, err := strconv.Atoi(idx)
	if err != nil || n >= len(v.positional) {
		return p
	}
	return v.positional[n]
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
