package bash

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"corvid/internal/spill"
)

// progressChars caps one progress message.
const progressChars = 200

// capture collects a command's output in bounded memory. It keeps the
// first headCap bytes; once the output grows past them it opens the
// spill file, writes what it has, streams everything after it there too
// (the spill.Writer keeps the file's head and tail within its cap), and
// keeps only the last tailCap bytes in memory. headCap is four bytes
// per character shown, so output that fits the character cap never
// spills. When the spill fails, its file is removed and the failure is
// kept for the note.
type capture struct {
	maxChars         int
	headCap, tailCap int
	openSpill        func() (*spill.Writer, error)

	mu          sync.Mutex // guards the fields below
	head, tail  []byte
	tailDropped bool // bytes between head and tail were dropped
	chars       int64
	spill       *spill.Writer
	spillErr    error
	line        string // latest output line, for progress
	seq         uint64 // counts writes, so progress sees new output
}

// captured is the final output.
type captured struct {
	text      string // what the model sees (head and tail when truncated)
	truncated bool
	chars     int64  // characters in the whole output
	path      string // the spill file holding the output, if written
	dropped   int64  // bytes the spill file left out of its middle
	spillErr  error
}

func newCapture(maxChars int, openSpill func() (*spill.Writer, error)) *capture {
	return &capture{maxChars: maxChars, headCap: 4 * maxChars, tailCap: 2 * maxChars, openSpill: openSpill}
}

// readFrom copies r into the capture until r fails or ends.
func (c *capture) readFrom(r io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			c.write(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

func (c *capture) write(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.chars += runeStarts(p)
	c.noteLine(p)
	n := min(len(p), c.headCap-len(c.head))
	c.head = append(c.head, p[:n]...)
	rest := p[n:]
	if len(rest) == 0 {
		return
	}
	c.spillBytes(rest)
	c.tail = append(c.tail, rest...)
	if len(c.tail) > 2*c.tailCap {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-c.tailCap:]...)
		c.tailDropped = true
	}
}

// spillBytes writes p to the spill file, opening it (with the head
// written first) when needed. A failure removes the file and is kept
// for the final note.
func (c *capture) spillBytes(p []byte) {
	if c.spillErr != nil {
		return
	}
	if c.spill == nil {
		if c.spill, c.spillErr = c.openSpill(); c.spillErr != nil {
			c.spill = nil
			return
		}
		p = append(bytes.Clone(c.head), p...)
	}
	if _, err := c.spill.Write(p); err != nil {
		c.dropSpill(err)
	}
}

// dropSpill removes a spill file that failed, keeping why.
func (c *capture) dropSpill(err error) {
	c.spillErr = err
	if rmErr := c.spill.Discard(); rmErr != nil {
		c.spillErr = fmt.Errorf("%w (and removing the partial file: %v)", err, rmErr)
	}
	c.spill = nil
}

// noteLine remembers the last non-empty line of p for progress.
func (c *capture) noteLine(p []byte) {
	s := bytes.TrimRight(p, "\r\n\t ")
	if i := bytes.LastIndexAny(s, "\r\n"); i >= 0 {
		s = s[i+1:]
	}
	if len(s) == 0 {
		return
	}
	s = s[:min(len(s), utf8.UTFMax*progressChars)]
	c.line = firstChars(cleanText(s), progressChars)
	c.seq++
}

// latest returns the latest line and the write count.
func (c *capture) latest() (string, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.line, c.seq
}

// result assembles the final output and closes the spill file.
func (c *capture) result() captured {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.spill == nil && c.spillErr == nil {
		s := cleanText(c.head)
		if utf8.RuneCountInString(s) <= c.maxChars {
			return captured{text: s, chars: c.chars}
		}
		c.spillBytes(nil) // the head is the whole output
	}
	if c.spill != nil {
		if err := c.spill.Close(); err != nil {
			c.dropSpill(err)
		}
	}
	out := captured{truncated: true, chars: c.chars, spillErr: c.spillErr}
	if c.spill != nil {
		out.path, out.dropped = c.spill.Name(), c.spill.Layout().Dropped
	}
	head := strings.TrimRight(firstChars(cleanText(c.head), c.maxChars/2), "\n")
	tail := strings.TrimLeft(lastChars(cleanText(trimPartialStart(c.tailBytes())), c.maxChars-c.maxChars/2), "\n")
	omitted := max(0, c.chars-int64(utf8.RuneCountInString(head)+utf8.RuneCountInString(tail)))
	out.text = fmt.Sprintf("%s\n\n... [%d characters omitted] ...\n\n%s", head, omitted, tail)
	return out
}

// tailBytes returns the end of the output: the tail buffer, preceded by
// the end of the head when nothing was dropped between them.
func (c *capture) tailBytes() []byte {
	if c.tailDropped {
		return c.tail
	}
	all := append(bytes.Clone(c.head), c.tail...)
	return all[max(0, len(all)-c.tailCap):]
}
