package textedit

import "strings"

// candidates are the forms of e to look for, best first: e written with
// the text's dominant line endings (crlf says which), then e as typed (a
// file that mixes endings may hold either).
func candidates(e Edit, crlf bool) []Edit {
	styled := styledFor(e, crlf)
	switch {
	case styled == e:
		return []Edit{e}
	case crlf:
		return []Edit{styled, e}
	default:
		// An LF text: what the model typed first, so an exact match stays
		// exactly strings.Replace.
		return []Edit{e, styled}
	}
}

// styledFor is e with \r\n line endings (crlf) or \n.
func styledFor(e Edit, crlf bool) Edit {
	return Edit{Old: withEndings(e.Old, crlf), New: withEndings(e.New, crlf), All: e.All}
}

// isCRLF reports whether most line breaks in text are \r\n.
func isCRLF(text string) bool {
	crlf := strings.Count(text, "\r\n")
	return crlf > 0 && crlf > strings.Count(text, "\n")-crlf
}

// withEndings rewrites every line break of s as \r\n (crlf) or \n.
func withEndings(s string, crlf bool) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lf := strings.ReplaceAll(s, "\r\n", "\n")
	if !crlf {
		return lf
	}
	return strings.ReplaceAll(lf, "\n", "\r\n")
}
