package hookrun

import (
	"strings"
	"testing"
)

// 100 MB through a capture keeps MaxOutput bytes and never grows past
// them.
func TestCaptureBounded(t *testing.T) {
	c := newCapture(MaxOutput)
	chunk := []byte(strings.Repeat("x", 64<<10))
	for range (100 << 20) / len(chunk) {
		if n, err := c.Write(chunk); n != len(chunk) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if len(c.buf) != MaxOutput || cap(c.buf) > 2*MaxOutput || !c.Truncated() {
		t.Errorf("kept %d (cap %d), truncated %v", len(c.buf), cap(c.buf), c.Truncated())
	}
}

// A real command printing 100 MB: the first MiB is kept, the run
// succeeds with a message.
func TestFlood(t *testing.T) {
	_, err, o := runOne(t, "PreToolUse", "head -c 100000000 /dev/zero | tr '\\0' a")
	if err != nil || len(o.Stdout) != MaxOutput || !strings.Contains(o.Message, "printed more than 1 MiB") {
		t.Errorf("flood: err %v, kept %d, message %q", err, len(o.Stdout), o.Message)
	}
}
