package hookrun

import "sync"

// MaxOutput caps what is kept of a handler's stdout and of its stderr;
// the rest is read and discarded, so a hook printing without end costs
// no memory.
const MaxOutput = 1 << 20

// capture keeps the first max bytes written to it and counts the rest.
type capture struct {
	mu    sync.Mutex
	max   int
	buf   []byte
	total int64
}

func newCapture(max int) *capture { return &capture{max: max} }

// Write keeps what fits and always reports success, so the writer never
// stops reading the pipe.
func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += int64(len(p))
	if room := c.max - len(c.buf); room > 0 {
		c.buf = append(c.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// String is what was kept.
func (c *capture) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.buf)
}

// Truncated reports whether more was written than kept.
func (c *capture) Truncated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total > int64(len(c.buf))
}
