package shells

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"

	"corvid/internal/spill"
)

// Output is what one Read returns.
type Output struct {
	Info
	// Text is the output written since the previous Read (only the
	// matching lines when a filter was given), as valid UTF-8.
	Text string
	// Omitted counts the bytes of new output left out to respect the
	// cap; they are still in the log file.
	Omitted int64
	// Dropped counts the bytes of new output the log no longer holds: it
	// keeps its head and a rolling tail within its size cap.
	Dropped int64
	// Unsaved counts the bytes of new output that are gone because the
	// log stopped saving (SaveErr says why); the latest unsaved output is
	// kept in memory and returned as usual.
	Unsaved int64
	SaveErr error
}

// Read returns shell id's output since the previous Read, at most
// Options.MaxRead characters (the most recent whole lines, or the end of
// a longer line). With a filter, only the lines that match are returned;
// the others are consumed too. While the shell runs, an unfinished last
// line (with a filter) or character is kept for the next Read. Offsets
// count the shell's output, not the log's bytes: the log keeps its head
// and a rolling tail, and what it dropped is counted in Output.Dropped.
func (m *Manager) Read(id string, filter *regexp.Regexp) (Output, error) {
	p, err := m.get(id)
	if err != nil {
		return Output{}, err
	}
	p.readMu.Lock()
	defer p.readMu.Unlock()
	info := p.info() // before reading: a finished shell's log is complete
	p.settle()
	f, err := os.Open(p.path)
	if err != nil {
		return Output{}, fmt.Errorf("opening the shell log: %w", err)
	}
	defer f.Close()
	var out []byte
	var r reader
	var dropped, unsaved int64
	var saveErr error
	err = p.log.View(func(l spill.Layout) error { // the log holds still meanwhile
		var secs []spill.Section
		secs, dropped, unsaved = l.Sections(p.offset)
		saveErr = l.Err
		r = reader{f: f, secs: secs, from: p.offset, to: l.End + l.Lost, window: int64(4 * m.maxRead),
			final: info.Status != Running, dropped: dropped + unsaved}
		if filter == nil {
			out, err = r.tail()
		} else {
			out, err = r.filtered(filter)
		}
		return err
	})
	if err != nil {
		return Output{}, fmt.Errorf("reading the shell log: %w", err)
	}
	p.offset = r.next
	text, cut := lastLines(cleanText(out), m.maxRead)
	return Output{Info: info, Text: text, Omitted: r.omitted + int64(cut), Dropped: dropped,
		Unsaved: unsaved, SaveErr: saveErr}, nil
}

// reader reads the new part [from, to) of a shell's output, which can
// still be read in secs (the dropped bytes of it cannot), keeping at
// most window bytes; next is where the following read starts.
type reader struct {
	f                *os.File
	secs             []spill.Section
	from, to, next   int64
	window           int64
	final            bool
	omitted, dropped int64
}

// lineCap bounds one line while filtering; longer lines are matched
// in pieces.
const lineCap = 64 << 10

// tail returns the last window bytes of the new part, from its last
// stored section. When bytes before it were skipped, it starts at a
// line (or at least a character) boundary.
func (r *reader) tail() ([]byte, error) {
	r.next = r.to
	if len(r.secs) == 0 {
		return nil, nil
	}
	sec := r.secs[len(r.secs)-1]
	start := max(sec.From, r.to-r.window)
	buf := make([]byte, r.to-start)
	if _, err := r.open(sec).ReadAt(buf, start-sec.From); err != nil && err != io.EOF {
		return nil, err
	}
	if start > r.from {
		buf = alignStart(buf, start == sec.From && sec.From > r.from)
	}
	held := 0
	if !r.final {
		held = partialRune(buf)
	}
	r.next = r.to - int64(held)
	buf = buf[:len(buf)-held]
	r.omitted = r.next - r.from - r.dropped - int64(len(buf))
	return buf, nil
}

// filtered returns the new lines that match re, at most window bytes of
// them (the last ones). A line does not run across dropped bytes.
func (r *reader) filtered(re *regexp.Regexp) ([]byte, error) {
	var kept [][]byte
	var size int64
	r.next = r.to
	for i, sec := range r.secs {
		final := r.final || i < len(r.secs)-1
		br := bufio.NewReaderSize(r.open(sec), lineCap)
		pos := sec.From
		for {
			line, err := br.ReadSlice('\n')
			if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
				return nil, err
			}
			if err == io.EOF && len(line) > 0 && !final {
				r.next = pos // an unfinished line waits for the next read
				break
			}
			pos += int64(len(line))
			if len(line) > 0 && re.Match(bytes.TrimRight(line, "\r\n")) {
				kept = append(kept, bytes.Clone(line))
				size += int64(len(line))
				for size > r.window {
					size -= int64(len(kept[0]))
					r.omitted += int64(len(kept[0]))
					kept = kept[1:]
				}
			}
			if err == io.EOF {
				break
			}
		}
	}
	return bytes.Join(kept, nil), nil
}

// open reads sec, from the log file or from memory.
func (r *reader) open(sec spill.Section) *io.SectionReader {
	if sec.Mem != nil {
		return io.NewSectionReader(bytes.NewReader(sec.Mem), 0, int64(len(sec.Mem)))
	}
	return io.NewSectionReader(r.f, sec.At, sec.To-sec.From)
}
