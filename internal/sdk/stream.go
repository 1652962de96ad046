package sdk

import (
	"io"

	"corvid/internal/event"
)

// StreamWriter renders `--output-format stream-json`: one frame per line,
// written (and flushed, for writers that buffer) as each event arrives.
// Every event.Result becomes one result frame.
type StreamWriter struct {
	output
	f *framer
}

// NewStream returns a stream-json renderer writing to w.
func NewStream(w io.Writer, opts Options) *StreamWriter {
	return &StreamWriter{output: output{w: w}, f: newFramer(opts)}
}

// Publish writes the frame for ev, if it has one.
func (s *StreamWriter) Publish(ev event.Event) {
	fr, ok := s.f.frame(ev)
	if !ok {
		return
	}
	if line, ok := s.encode(fr); ok {
		s.write(line)
	}
}
