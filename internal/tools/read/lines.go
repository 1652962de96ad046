package read

import (
	"bytes"
	"context"
	"errors"
	"io"
	"unicode/utf8"
)

// maxLineChars is the longest line shown whole; longer lines are cut.
const maxLineChars = 2000

// maxChunk is the largest read from disk at a time.
const maxChunk = 1 << 20

// lineReader streams lines from a file. Skipping and counting look only
// at chunks (bytes.Count), so nothing is allocated per line outside the
// range shown, and a line is never held whole: only its first
// maxLineChars characters are kept.
type lineReader struct {
	ctx  context.Context
	r    io.Reader
	buf  []byte
	data []byte // the unread part of buf
	eof  bool
	err  error
	// done counts the newline-terminated lines consumed; open is set
	// while an unterminated line has been partly consumed.
	done int
	open bool
	// lastNL is set when the last byte read was a newline.
	lastNL bool
}

func newLineReader(ctx context.Context, r io.Reader, size int64) *lineReader {
	n := int(min(max(size+1, 4096), maxChunk))
	return &lineReader{ctx: ctx, r: r, buf: make([]byte, n)}
}

// fill reads the next chunk; it reports false at the end or on an error
// (kept in lr.err, as is a cancelled context).
func (lr *lineReader) fill() bool {
	for len(lr.data) == 0 && !lr.eof {
		if err := lr.ctx.Err(); err != nil {
			lr.err, lr.eof = err, true
			break
		}
		n, err := lr.r.Read(lr.buf)
		lr.data = lr.buf[:n]
		if n > 0 {
			lr.lastNL = lr.data[n-1] == '\n'
		}
		if err != nil {
			lr.eof = true
			if !errors.Is(err, io.EOF) {
				lr.err = err
			}
		}
	}
	return len(lr.data) > 0
}

// lines is the number of lines consumed so far, counting an unfinished
// last line once the end is reached.
func (lr *lineReader) lines() int {
	if lr.open && lr.eof {
		return lr.done + 1
	}
	return lr.done
}

// skip consumes n lines, or stops at the end of the file.
func (lr *lineReader) skip(n int) {
	for n > 0 && lr.fill() {
		c := bytes.Count(lr.data, []byte{'\n'})
		if c < n {
			n -= c
			lr.done += c
			lr.open = lr.data[len(lr.data)-1] != '\n'
			lr.data = nil
			continue
		}
		for ; n > 0; n-- {
			i := bytes.IndexByte(lr.data, '\n')
			lr.data = lr.data[i+1:]
			lr.done++
		}
		lr.open = false
	}
}

// count consumes the rest of the file, reading at most budget bytes; it
// reports whether it reached the end.
func (lr *lineReader) count(budget int64) bool {
	for lr.fill() {
		if budget -= int64(len(lr.data)); budget < 0 {
			return false
		}
		lr.done += bytes.Count(lr.data, []byte{'\n'})
		lr.open = lr.data[len(lr.data)-1] != '\n'
		lr.data = nil
	}
	return lr.err == nil
}

// atEnd reports whether nothing is left to read.
func (lr *lineReader) atEnd() bool { return !lr.fill() }

// line is one line as shown: its kept text and how many characters of
// it were cut.
type line struct {
	text []byte
	cut  int
}

// next returns the next line, keeping at most maxLineChars characters
// (a trailing CR is dropped); ok is false at the end of the file.
func (lr *lineReader) next() (l line, ok bool) {
	var acc lineAcc
	for lr.fill() {
		seg, rest, found := bytes.Cut(lr.data, []byte{'\n'})
		lr.data, lr.open = rest, !found
		acc.add(seg)
		if found {
			lr.done++
			return acc.shape(), true
		}
	}
	if acc.started && lr.open && lr.err == nil {
		lr.open = false
		lr.done++
		return acc.shape(), true
	}
	return line{}, false
}

// lineAcc gathers one line from chunks, keeping only its start.
type lineAcc struct {
	keep    []byte
	chars   int
	bytes   int
	last    byte
	started bool
}

func (a *lineAcc) add(seg []byte) {
	a.started = true
	if room := utf8.UTFMax*maxLineChars - len(a.keep); room > 0 {
		a.keep = append(a.keep, seg[:min(room, len(seg))]...)
	}
	a.chars += countChars(seg)
	a.bytes += len(seg)
	if len(seg) > 0 {
		a.last = seg[len(seg)-1]
	}
}

// shape cuts the line to maxLineChars characters and drops a final CR.
func (a *lineAcc) shape() line {
	keep, chars := a.keep, a.chars
	whole := len(keep) == a.bytes
	if a.last == '\r' {
		chars--
		if whole {
			keep = keep[:len(keep)-1]
		}
	}
	if chars <= maxLineChars && whole {
		return line{text: keep}
	}
	end, n := 0, 0
	for end < len(keep) && n < maxLineChars {
		_, size := utf8.DecodeRune(keep[end:])
		end += size
		n++
	}
	cut := chars - n
	if cut <= 0 { // invalid UTF-8 fooled the character count
		cut = a.bytes - end
	}
	return line{text: keep[:end], cut: cut}
}

// countChars counts characters the way utf8.RuneCount would for valid
// UTF-8, but works on arbitrary slices of a line: it counts the bytes
// that do not continue a multi-byte sequence.
func countChars(b []byte) int {
	n := len(b)
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n--
		}
	}
	return n
}
