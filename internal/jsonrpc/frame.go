package jsonrpc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
)

// ErrTooLarge marks a message over a reader's limit; the stream cannot
// be resynchronised after one, so it ends the connection.
var ErrTooLarge = errors.New("a JSON-RPC message is over the size limit")

// LineReader reads newline-delimited messages (MCP's stdio framing),
// skipping blank lines, each at most Limit bytes.
type LineReader struct {
	rd    *bufio.Reader
	limit int
}

// NewLineReader reads from r, messages of at most limit bytes.
func NewLineReader(r io.Reader, limit int) *LineReader {
	return &LineReader{rd: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// Read returns the next non-blank line (with its newline, if any). It
// returns io.EOF (or the reader's error) at the end of the stream, and
// an error wrapping ErrTooLarge for a line over the limit.
func (l *LineReader) Read() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := l.rd.ReadSlice('\n')
		buf = append(buf, chunk...)
		switch {
		case len(buf) > l.limit:
			return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, l.limit)
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && len(bytes.TrimSpace(buf)) == 0:
			return nil, err
		case len(bytes.TrimSpace(buf)) == 0:
			buf = buf[:0]
			continue
		}
		return buf, nil
	}
}

// LineWriter writes one message per line; it is safe for concurrent
// use, so answers and notifications never interleave.
type LineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewLineWriter writes to w.
func NewLineWriter(w io.Writer) *LineWriter { return &LineWriter{w: w} }

// Write writes msg and a newline in one write.
func (l *LineWriter) Write(msg []byte) error {
	line := make([]byte, 0, len(msg)+1)
	line = append(append(line, msg...), '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.w.Write(line)
	return err
}
