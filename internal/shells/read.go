package shells

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"unicode/utf8"
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
}

// Read returns shell id's output since the previous Read, at most
// Options.MaxRead characters (the most recent whole lines, or the end of
// a longer line). With a filter, only
// the lines that match are returned; the others are consumed too. While
// the shell runs, an unfinished last line (with a filter) or character
// is kept for the next Read.
func (m *Manager) Read(id string, filter *regexp.Regexp) (Output, error) {
	p, err := m.get(id)
	if err != nil {
		return Output{}, err
	}
	p.readMu.Lock()
	defer p.readMu.Unlock()
	info := p.info() // before reading: a finished shell's log is complete
	f, err := os.Open(p.path)
	if err != nil {
		return Output{}, fmt.Errorf("opening the shell log: %w", err)
	}
	defer f.Close()
	end, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return Output{}, fmt.Errorf("reading the shell log: %w", err)
	}
	r := reader{f: f, from: p.offset, to: end, window: int64(4 * m.maxRead), final: info.Status != Running}
	var out []byte
	if filter == nil {
		out, err = r.tail()
	} else {
		out, err = r.filtered(filter)
	}
	if err != nil {
		return Output{}, fmt.Errorf("reading the shell log: %w", err)
	}
	p.offset = r.next
	text, cut := lastLines(cleanText(out), m.maxRead)
	return Output{Info: info, Text: text, Omitted: r.omitted + int64(cut)}, nil
}

// reader reads the new part [from, to) of a log, keeping at most window
// bytes; next is where the following read starts.
type reader struct {
	f              *os.File
	from, to, next int64
	window         int64
	final          bool
	omitted        int64
}

// lineCap bounds one line while filtering; longer lines are matched
// in pieces.
const lineCap = 64 << 10

// tail returns the last window bytes of the new part.
func (r *reader) tail() ([]byte, error) {
	start := max(r.from, r.to-r.window)
	buf := make([]byte, r.to-start)
	if _, err := r.f.ReadAt(buf, start); err != nil && err != io.EOF {
		return nil, err
	}
	r.omitted = start - r.from
	if start > r.from { // do not start in the middle of a character
		n := 0
		for n < len(buf) && n < utf8.UTFMax && !utf8.RuneStart(buf[n]) {
			n++
		}
		buf, r.omitted = buf[n:], r.omitted+int64(n)
	}
	held := 0
	if !r.final {
		held = partialRune(buf)
	}
	r.next = r.to - int64(held)
	return buf[:len(buf)-held], nil
}

// filtered returns the new lines that match re, at most window bytes of
// them (the last ones).
func (r *reader) filtered(re *regexp.Regexp) ([]byte, error) {
	br := bufio.NewReaderSize(io.NewSectionReader(r.f, r.from, r.to-r.from), lineCap)
	var kept [][]byte
	var size int64
	r.next = r.from
	for {
		line, err := br.ReadSlice('\n')
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, err
		}
		if err == io.EOF && len(line) > 0 && !r.final {
			break // an unfinished line waits for the next read
		}
		r.next += int64(len(line))
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
	return bytes.Join(kept, nil), nil
}

// partialRune returns the length of an unfinished UTF-8 sequence at the
// end of b.
func partialRune(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return 0
			}
			return len(b) - i
		}
	}
	return 0
}

// cleanText turns output bytes into text a model can be given: invalid
// UTF-8 and NUL bytes become U+FFFD.
func cleanText(b []byte) string {
	return strings.ReplaceAll(strings.ToValidUTF8(string(b), "\uFFFD"), "\x00", "\uFFFD")
}

// lastChars keeps the last n characters of s and returns how many bytes
// it cut.
func lastChars(s string, n int) (string, int) {
	extra := utf8.RuneCountInString(s) - n
	if extra <= 0 {
		return s, 0
	}
	cut := 0
	for range extra {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
	}
	return s[cut:], cut
}

// lastLines keeps the last whole lines of s that fit in n characters
// (the end of the last line when it alone is longer) and returns how
// many bytes it cut.
func lastLines(s string, n int) (string, int) {
	if utf8.RuneCountInString(s) <= n {
		return s, 0
	}
	tail, cut := lastChars(s, n)
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 && (cut == 0 || s[cut-1] != '\n') {
		return tail[i+1:], cut + i + 1
	}
	return tail, cut
}
