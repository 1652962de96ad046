package command

import "strings"

// SplitArgs splits an argument string as a shell would split words:
// blanks separate, single quotes keep everything, double quotes keep all
// but a backslash escape, a backslash outside quotes escapes the next
// character. An unclosed quote runs to the end.
func SplitArgs(s string) []string {
	out, _ := SplitWords(s)
	return out
}

// SplitWords splits s as SplitArgs does and also reports whether every
// quote was closed.
func SplitWords(s string) (words []string, closed bool) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0:
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, quote == 0
}
