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
	// byOld maps an indentation of old_string to the file's for the same
	// lines (when that is always the same); own maps a width to the
	// matched lines' own indentation of that width.
	byOld map[string]string
	own   map[int]string
}

// indent re-indents the indentation ind of a line of new_string: as the
// matched lines indent that width, else in the file's style.
func (f *indentFix) indent(ind string) string {
	if s, ok := f.byOld[ind]; ok {
		return s
	}
	col := max(columns(ind, f.w)+f.delta, 0)
	if s, ok := f.own[col]; ok {
		return s
	}
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
	how := NormIndent | normalize(e.Old, true).kinds()
	for _, r := range regions {
		lines := splitLines(text[r.start:r.end])
		off := r.start
		for i := 0; i+len(old) <= len(lines); i++ {
			fixes := fits(lines[i:i+len(old)], old)
			if ok := len(fixes) > 0; ok {
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
				s := span{start: off, end: end}
				if ok {
					s, ok = reindent(text, s, e, fixes)
				}
				if ok {
					spans = append(spans, s)
					how |= normalize(text[off:end], true).kinds()
				}
			}
			off += len(lines[i].body) + len(lines[i].brk)
		}
	}
	return spans, how
}

// reindent plans the replacement of s under each change of indentation
// that fits; when tab widths disagree on how new_string is indented, the
// place is marked unclear (the edit is then refused, not guessed).
func reindent(text string, s span, e Edit, fixes []indentFix) (span, bool) {
	for i := range fixes {
		repl, restyled, ok := writeBack(text[s.start:s.end], e.Old, e.New, &fixes[i])
		switch {
		case !ok:
			return s, false
		case i > 0 && repl != s.repl:
			s.unclear = true
		case i == 0:
			s.repl, s.restyled = repl, restyled
		}
	}
	return s, true
}

// fits returns the changes of indentation (one per tab width that fits)
// by which file lines fl equal old lines ol: the same number of columns
// on every line that is not blank. None when the lines differ otherwise.
func fits(fl, ol []line) []indentFix {
	for k := range ol {
		fb, ob := strings.TrimSpace(fl[k].body) == "", strings.TrimSpace(ol[k].body) == ""
		if fb != ob {
			return nil
		}
		if fb {
			continue
		}
		_, fc := splitIndent(fl[k].body)
		_, oc := splitIndent(ol[k].body)
		if fc != oc && normalize(fc, true).s != normalize(oc, true).s {
			return nil
		}
	}
	var fixes []indentFix
	for _, w := range tabWidths {
		if fix, ok := offset(fl, ol, w); ok {
			fixes = append(fixes, fix)
		}
	}
	return fixes
}

// offset returns the consistent change of indentation at tab width w.
func offset(fl, ol []line, w int) (indentFix, bool) {
	fix := indentFix{w: w, own: map[int]string{}, byOld: map[string]string{}}
	set := false
	conflict := map[string]bool{}
	for k := range ol {
		fi, fc := splitIndent(fl[k].body)
		oi, _ := splitIndent(ol[k].body)
		if strings.TrimSpace(fc) == "" {
			continue
		}
		fix.tabs = fix.tabs || strings.HasPrefix(fi, "\t")
		if _, ok := fix.own[columns(fi, w)]; !ok {
			fix.own[columns(fi, w)] = fi
		}
		if s, ok := fix.byOld[oi]; (ok && s != fi) || conflict[oi] {
			conflict[oi] = true
			delete(fix.byOld, oi)
		} else {
			fix.byOld[oi] = fi
		}
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
