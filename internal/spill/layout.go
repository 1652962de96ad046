package spill

import "bytes"

// Layout says where the stream's bytes are. Stream bytes [0, Head) are at
// the same file offsets; [Head, Head+Dropped) are gone; the rest up to
// End is at TailAt onwards. Bytes received after a failure (Lost of them,
// after End) were not saved, Err says why, and Mem holds the last of
// them when the Writer keeps some (KeepUnsaved).
type Layout struct {
	Head, Dropped, TailAt, End, Lost int64
	Err                              error
	Mem                              []byte
}

// Section is a run of the stream that can still be read: bytes
// [From, To), at file offset At, or in Mem when it is not nil.
type Section struct {
	At, From, To int64
	Mem          []byte
}

// Layout returns the current layout (with a copy of Mem).
func (w *Writer) Layout() Layout {
	w.mu.Lock()
	defer w.mu.Unlock()
	l := w.layout()
	l.Mem = bytes.Clone(l.Mem)
	return l
}

func (w *Writer) layout() Layout {
	return Layout{Head: w.head, Dropped: w.dropped, TailAt: w.head + w.marker,
		End: w.head + w.dropped + w.tail, Lost: w.lost, Err: w.err, Mem: w.mem}
}

// View calls fn with the layout and keeps the file and Mem as they are
// (no bytes are written or moved) until fn returns.
func (w *Writer) View(fn func(Layout) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return fn(w.layout())
}

// Sections returns the runs of stream bytes [from, End+Lost) that can
// still be read, in order, and how many bytes of that range were dropped
// (by the cap) and are unsaved (after a failure, and not in Mem).
func (l Layout) Sections(from int64) (secs []Section, dropped, unsaved int64) {
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
	total := l.End + l.Lost
	memFrom := total - int64(len(l.Mem))
	if s := max(from, memFrom); s < total {
		secs = append(secs, Section{From: s, To: total, Mem: l.Mem[s-memFrom:]})
	}
	dropped = max(0, min(gapEnd, l.End)-max(from, l.Head))
	unsaved = max(0, memFrom-max(from, l.End))
	return secs, dropped, unsaved
}
