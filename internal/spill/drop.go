package spill

import "fmt"

// markerMax bounds the length of a marker line.
const markerMax = 48

func markerLine(dropped int64) []byte {
	return fmt.Appendf(nil, "\n... [%d bytes dropped] ...\n", dropped)
}

// dropOlderHalf drops the older half of the full tail: it copies the
// newer half down behind a new marker and truncates the file. The copy
// goes front to back and its destination lies before its source, so it
// never overwrites bytes it has still to read.
func (w *Writer) dropOlderHalf() error {
	keep := w.tailCap / 2
	drop := w.tail - keep
	mark := markerLine(w.dropped + drop)
	src, dst := w.head+w.marker+drop, w.head+int64(len(mark))
	if w.buf == nil {
		w.buf = make([]byte, min(keep, 64<<10))
	}
	for i := int64(0); i < keep; {
		chunk := w.buf[:min(int64(len(w.buf)), keep-i)]
		if _, err := w.f.ReadAt(chunk, src+i); err != nil {
			return err
		}
		if _, err := w.f.WriteAt(chunk, dst+i); err != nil {
			return err
		}
		i += int64(len(chunk))
	}
	if _, err := w.f.WriteAt(mark, w.head); err != nil {
		return err
	}
	if err := w.f.Truncate(dst + keep); err != nil {
		return err
	}
	w.marker, w.tail, w.dropped = int64(len(mark)), keep, w.dropped+drop
	return nil
}

// abandonTail counts the tail as dropped after a failed drop may have
// left it half moved, so that no reader is shown mixed-up bytes, and
// cuts the file after the head (best effort).
func (w *Writer) abandonTail() {
	w.dropped += w.tail
	w.tail, w.marker = 0, 0
	_ = w.f.Truncate(w.head)
}
