package spill

// Layout says where the stream's bytes are in the file. Stream bytes
// [0, Head) are at the same offsets; [Head, Head+Dropped) are gone; the
// rest up to End is at TailAt onwards. Bytes received after a failure
// (Lost of them, after End) were not saved; Err is that failure.
type Layout struct {
	Head, Dropped, TailAt, End, Lost int64
	Err                              error
}

// Section is a stored run of the stream: bytes [From, To) at file
// offset At.
type Section struct{ At, From, To int64 }

// Layout returns the current layout.
func (w *Writer) Layout() Layout {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.layout()
}

func (w *Writer) layout() Layout {
	return Layout{Head: w.head, Dropped: w.dropped, TailAt: w.head + w.marker,
		End: w.head + w.dropped + w.tail, Lost: w.lost, Err: w.err}
}

// View calls fn with the layout and keeps the file as it is (no bytes
// are written or moved) until fn returns.
func (w *Writer) View(fn func(Layout) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return fn(w.layout())
}

// Sections returns the stored runs of stream bytes [from, End), in
// order, and how many bytes of that range were dropped.
func (l Layout) Sections(from int64) (secs []Section, dropped int64) {
	gapEnd := l.Head + l.Dropped
	if from < l.Head {
		secs = append(secs, Section{At: from, From: from, To: l.Head})
	}
	if s := max(from, gapEnd); s < l.End {
		sec := Section{At: l.TailAt + s - gapEnd, From: s, To: l.End}
		if n := len(secs); n > 0 && secs[n-1].At+secs[n-1].To-secs[n-1].From == sec.At {
			secs[n-1].To = sec.To // nothing dropped between them
		} else {
			secs = append(secs, sec)
		}
	}
	return secs, max(0, min(gapEnd, l.End)-max(from, l.Head))
}
