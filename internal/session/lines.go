package session

import (
	"bytes"
	"io"
)

// lineScanner reads a file line by line through one growing buffer. A
// line longer than max bytes is skipped whole and counted in long.
type lineScanner struct {
	r          io.Reader
	buf        []byte
	start, end int   // unread bytes are buf[start:end]
	off        int64 // file offset of buf[start]
	eof        bool
	dropping   bool // inside an over-long line
	long       int
	max        int // line cap
}

func newLineScanner(r io.Reader, size, max int) *lineScanner {
	return &lineScanner{r: r, buf: make([]byte, min(size, max+1)), max: max}
}

// next returns the next line (without '\n') and its file offset; the line
// is valid until the following call. At the end it returns io.EOF.
func (s *lineScanner) next() (int64, []byte, error) {
	for {
		if i := bytes.IndexByte(s.buf[s.start:s.end], '\n'); i >= 0 {
			off, line := s.off, s.buf[s.start:s.start+i]
			s.start += i + 1
			s.off += int64(i + 1)
			if s.dropping {
				s.dropping = false
				s.long++
				continue
			}
			return off, line, nil
		}
		if s.eof {
			if s.start == s.end {
				return 0, nil, io.EOF
			}
			off, line := s.off, s.buf[s.start:s.end]
			s.off += int64(s.end - s.start)
			s.start = s.end
			if s.dropping {
				s.dropping = false
				s.long++
				return 0, nil, io.EOF
			}
			return off, line, nil
		}
		if err := s.fill(); err != nil {
			return 0, nil, err
		}
	}
}

// fill moves the partial line to the front of the buffer, grows the
// buffer when the line fills it (up to the line cap) and reads more.
func (s *lineScanner) fill() error {
	if s.start > 0 {
		copy(s.buf, s.buf[s.start:s.end])
		s.end -= s.start
		s.start = 0
	}
	if s.end == len(s.buf) {
		if len(s.buf) > s.max {
			s.off += int64(s.end)
			s.end = 0
			s.dropping = true
		} else {
			nb := make([]byte, min(2*len(s.buf), s.max+1))
			copy(nb, s.buf[:s.end])
			s.buf = nb
		}
	}
	n, err := s.r.Read(s.buf[s.end:])
	s.end += n
	if err == io.EOF {
		s.eof = true
		return nil
	}
	return err
}
