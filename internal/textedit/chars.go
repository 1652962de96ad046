package textedit

// matchChars finds e.Old in the regions of text with both in normal form
// (see normalize) and plans to write e.New there, keeping the file's own
// characters wherever new_string keeps old_string's.
func matchChars(text string, e Edit, regions []region) ([]span, Norm) {
	nold := normalize(e.Old, false)
	if nold.s == "" {
		return nil, 0
	}
	var spans []span
	for _, r := range regions {
		f := normalize(text[r.start:r.end], true)
		for _, x := range findAll(f.s, nold.s) {
			s, ok1 := f.orig(x, true)
			end, ok2 := f.orig(x+len(nold.s), false)
			if ok1 && ok2 && end > s {
				spans = append(spans, span{start: r.start + s, end: r.start + end})
			}
		}
	}
	how := nold.kinds()
	for i, s := range spans {
		found := text[s.start:s.end]
		how |= normalize(found, false).kinds()
		spans[i].repl, spans[i].restyled = writeBack(found, e.Old, e.New, nil)
	}
	return spans, how
}
