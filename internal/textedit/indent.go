package textedit

import "strings"

// tabWidths are the tab stops tried when tabs stand for spaces.
var tabWidths = [...]int{4, 8, 2}

// indentFix is how the matched lines' indentation differs from
// old_string's: by delta columns at tab width w; tabs says the file
// indents with tabs.
type indentFix struct {
	delta, w int
	tabs     bool
}

// indent re-indents the indentation ind of a line of new_string.
func (f *indentFix) indent(ind string) string {
	col := max(columns(ind, f.w)+f.delta, 0)
	if f.tabs {
		return strings.Repeat("\t", col/f.w) + strings.Repeat(" ", col%f.w)
	}
	return strings.Repeat(" ", col)
}

// apply re-indents a line of new_string; a blank line becomes empty.
func (f *indentFix) apply(body string) string {
	ind, rest := splitIndent(body)
	if strings.TrimSpace(rest) == "" {
		return ""
	}
	return f.indent(ind) + rest
}

// matchIndent finds whole lines of the regions of text that equal e.Old's
// lines, in normal form, apart from a consistent change of indentation,
// and plans e.New re-indented by that change.
func matchIndent(text string, e Edit, regions []region) ([]span, Norm) {
	old := splitLines(e.Old)
	withBreak := strings.HasSuffix(e.Old, "\n")
	if len(old) == 0 || strings.TrimSpace(e.Old) == "" {
		return nil, 0
	}
	var spans []span
	for _, r := range regions {
		lines := splitLines(text[r.start:r.end])
		off := r.start
		for i := 0; i+len(old) <= len(lines); i++ {
			fix, ok := fits(lines[i:i+len(old)], old)
			if ok {
				end := off
				for _, l := range lines[i : i+len(old)] {
					end += len(l.body) + len(l.brk)
				}
				last := lines[i+len(old)-1]
				if !withBreak {
					end -= len(last.brk)
				} else if last.brk == "" {
					ok = false // old ends its last line; the file's does not
				}
				if ok {
					spans = append(spans, span{start: off, end: end})
					found := text[off:end]
					spans[len(spans)-1].repl, spans[len(spans)-1].restyled = writeBack(found, e.Old, e.New, &fix)
				}
			}
			off += len(lines[i].body) + len(lines[i].brk)
		}
	}
	return spans, NormIndent | normalize(e.Old, false).kinds()
}

// fits reports whether file lines fl equal old lines ol but for their
// indentation, changed by the same number of columns on every line that
// is not blank, and returns that change.
func fits(fl, ol []line) (indentFix, bool) {
	for k := range ol {
		fb, ob := strings.TrimSpace(fl[k].body) == "", strings.TrimSpace(ol[k].body) == ""
		if fb != ob {
			return indentFix{}, false
		}
		if fb {
			continue
		}
		_, fc := splitIndent(fl[k].body)
		_, oc := splitIndent(ol[k].body)
		if fc != oc && normalize(fc, true).s != normalize(oc, true).s {
			return indentFix{}, false
		}
	}
	for _, w := range tabWidths {
		if fix, ok := offset(fl, ol, w); ok {
			return fix, true
		}
	}
	return indentFix{}, false
}

// offset returns the consistent change of indentation at tab width w.
func offset(fl, ol []line, w int) (indentFix, bool) {
	fix := indentFix{w: w}
	set := false
	for k := range ol {
		fi, fc := splitIndent(fl[k].body)
		oi, _ := splitIndent(ol[k].body)
		if strings.TrimSpace(fc) == "" {
			continue
		}
		fix.tabs = fix.tabs || strings.HasPrefix(fi, "\t")
		d := columns(fi, w) - columns(oi, w)
		if set && d != fix.delta {
			return indentFix{}, false
		}
		fix.delta, set = d, true
	}
	return fix, set
}

// splitIndent splits a line into its leading blanks and the rest.
func splitIndent(s string) (string, string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[:i], s[i:]
}

// columns is the width of indentation ind with tab stops every w columns.
func columns(ind string, w int) int {
	col := 0
	for i := 0; i < len(ind); i++ {
		if ind[i] == '\t' {
			col += w - col%w
		} else {
			col++
		}
	}
	return col
}
