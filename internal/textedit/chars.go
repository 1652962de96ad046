package textedit

import "strings"

// matchChars finds e.Old in the regions of text with both in normal form
// (see normalize) and plans to write e.New there, keeping the file's own
// characters wherever new_string keeps old_string's.
func matchChars(text string, e Edit, regions []region) ([]span, Norm) {
	// Blanks ending old_string are dropped too; the match must then end
	// at a line end, where the file's own blanks (if any) are.
	nold := normalize(e.Old, true)
	atEnd := len(strings.TrimRight(e.Old, " \t")) < len(e.Old)
	if strings.TrimSpace(nold.s) == "" {
		return nil, 0 // blanks and line breaks alone name no place
	}
	var spans []span
	for _, r := range regions {
		f := normalize(text[r.start:r.end], true)
		for _, x := range findAll(f.s, nold.s, !e.All) {
			s, ok1 := f.orig(x, true)
			end, ok2 := f.orig(x+len(nold.s), false)
			if ok1 && ok2 && end > s {
				s = blankLineStart(text, r.start+s)
				end = blanksToLineEnd(text, r.start+end, e.Old)
				if !atEnd || end == len(text) || text[end] == '\n' || text[end] == '\r' {
					spans = append(spans, span{start: s, end: end})
				}
			}
		}
	}
	how := nold.kinds()
	kept := spans[:0]
	for _, s := range spans {
		found := text[s.start:s.end]
		var ok bool
		if s.repl, s.restyled, ok = writeBack(found, e.Old, e.New, nil); ok {
			how |= normalize(found, true).kinds()
			kept = append(kept, s)
		}
	}
	return kept, how
}

// blankLineStart moves a match that begins at the line break of a blank
// line (blanks only) to the start of that line: old_string's first line
// is then that whole line, typed without its blanks.
func blankLineStart(text string, s int) int {
	if s == len(text) || (text[s] != '\n' && text[s] != '\r') {
		return s
	}
	i := s
	for i > 0 {
		n := 0
		for _, b := range []string{" ", "\t", "\u00a0", "\u2007", "\u202f"} {
			if strings.HasSuffix(text[:i], b) {
				n = len(b)
			}
		}
		if n == 0 {
			break
		}
		i -= n
	}
	if i < s && (i == 0 || text[i-1] == '\n') {
		return i
	}
	return s
}

// blanksToLineEnd moves the end of a match of old that ends inside a line
// past the blanks that end that line, so they go with it (see writeBack).
func blanksToLineEnd(text string, end int, old string) int {
	if strings.HasSuffix(old, "\n") {
		return end
	}
	j := end
	for n := blankAt(text, j); n > 0 && text[j] != '\r'; n = blankAt(text, j) {
		j += n
	}
	if j == len(text) || text[j] == '\n' || text[j] == '\r' {
		return j
	}
	return end
}
