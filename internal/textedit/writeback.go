package textedit

import "strings"

// line is one line of a text: its body and its line break ("\n",
// "\r\n", or "" for a last line without one).
type line struct{ body, brk string }

func splitLines(s string) []line {
	var out []line
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, line{body: s})
			break
		}
		body, brk := s[:i], "\n"
		if strings.HasSuffix(body, "\r") {
			body, brk = body[:i-1], "\r\n"
		}
		out = append(out, line{body, brk})
		s = s[i+1:]
	}
	return out
}

// writeBack returns what replaces found, the file's text that old matched
// (line for line) in normal form: new, except that a line new keeps from
// old is the file's line as it stands (its trailing blanks, dashes, quotes
// and letters untouched), and a changed line keeps the file's characters
// in the parts it shares with the file. fix re-indents new's other lines.
// restyled reports quotes of new written in the file's style; ok is
// false when found and old do not pair line for line (the match is then
// dropped rather than guessed at).
func writeBack(found, old, new string, fix *indentFix) (repl string, restyled, ok bool) {
	// When old ends inside a line (before any blanks), the file's blanks
	// after it belong to that line, whatever becomes of it.
	open := !strings.HasSuffix(old, "\n") && strings.TrimRight(old, " \t") == old
	fl, ol, nl := splitLines(found), splitLines(old), splitLines(new)
	if len(fl) == len(ol)-1 && (found == "" || strings.HasSuffix(found, "\n")) {
		fl = append(fl, line{}) // old ends in an empty line: so does found
	}
	if len(fl) != len(ol) {
		return "", false, false
	}
	quoted := quotes(found) != quotes(old)
	same, partner := alignLines(ol, nl)
	var b strings.Builder
	for j, n := range nl {
		if i := same[j]; i >= 0 {
			b.WriteString(fl[i].body)
			b.WriteString(breakOf(n, fl[i]))
			continue
		}
		body := n.body
		if p := partner[j]; p >= 0 {
			var mid, before string
			body, mid, before = translate(fl[p].body, ol[p].body, n.body, fix, open && p == len(ol)-1)
			if quoted && mid != "" {
				r := restyle(mid, found, before)
				restyled = restyled || r != mid
				body = before + r + body[len(before)+len(mid):]
			}
		} else {
			if fix != nil {
				body = fix.apply(body)
			}
			if quoted {
				r := restyle(body, found, "")
				restyled = restyled || r != body
				body = r
			}
		}
		b.WriteString(body)
		b.WriteString(n.brk)
	}
	return b.String(), restyled, true
}

// breakOf is the line break for new line n standing for file line f.
func breakOf(n, f line) string {
	if n.brk != "" && f.brk != "" {
		return f.brk
	}
	return n.brk
}

// quotes returns the quote characters of s, in order.
func quotes(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\'', '"', '\u2018', '\u2019', '\u201c', '\u201d':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// alignLines pairs the lines of old and new: same[j] is the old line new
// line j repeats (a longest common subsequence), or -1; partner[j] is the
// old line a changed new line j replaces (by position within the run of
// changes), or -1.
func alignLines(old, new []line) (same, partner []int) {
	same, partner = make([]int, len(new)), make([]int, len(new))
	for j := range same {
		same[j], partner[j] = -1, -1
	}
	m, n := len(old), len(new)
	if m*n <= 1<<22 {
		lcs := make([][]int32, m+1) // lcs[i][j]: LCS of old[i:], new[j:]
		for i := range lcs {
			lcs[i] = make([]int32, n+1)
		}
		for i := m - 1; i >= 0; i-- {
			for j := n - 1; j >= 0; j-- {
				if old[i].body == new[j].body {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		for i, j := 0, 0; i < m && j < n; {
			switch {
			case old[i].body == new[j].body:
				same[j] = i
				i, j = i+1, j+1
			case lcs[i+1][j] >= lcs[i][j+1]:
				i++
			default:
				j++
			}
		}
	}
	pairChanges(same, partner, m)
	return same, partner
}

// pairChanges pairs, between consecutive kept lines, the k-th changed new
// line with the k-th dropped old line.
func pairChanges(same, partner []int, m int) {
	nextOld := 0
	for j := 0; j < len(same); {
		if same[j] >= 0 {
			nextOld = same[j] + 1
			j++
			continue
		}
		limit := m // the old lines before the next kept one
		k := j
		for k < len(same) && same[k] < 0 {
			k++
		}
		if k < len(same) {
			limit = same[k]
		}
		for o := nextOld; j < k; j, o = j+1, o+1 {
			if o < limit {
				partner[j] = o
			}
		}
	}
}
