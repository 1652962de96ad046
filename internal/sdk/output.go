package sdk

import (
	"fmt"
	"io"

	"corvid/internal/provider"
)

// output writes to the renderer's io.Writer and remembers the first
// failure. After a write error nothing more is written; an encoding error
// drops only the frame that failed.
type output struct {
	w         io.Writer
	writeErr  error
	encodeErr error
}

// flusher is implemented by buffered writers (bufio.Writer); output
// flushes them after every write so each line leaves at once.
type flusher interface{ Flush() error }

func (o *output) write(p []byte) {
	if o.writeErr != nil {
		return
	}
	if _, err := o.w.Write(p); err != nil {
		o.writeErr = fmt.Errorf("sdk: writing output: %w", err)
		return
	}
	if f, ok := o.w.(flusher); ok {
		if err := f.Flush(); err != nil {
			o.writeErr = fmt.Errorf("sdk: flushing output: %w", err)
		}
	}
}

// encode returns v as one line of JSON. HTML characters are not escaped,
// as in Claude Code's output ("<synthetic>", not "\u003csynthetic\u003e").
func (o *output) encode(v any) ([]byte, bool) {
	data, err := provider.Marshal(v)
	if err != nil {
		if o.encodeErr == nil {
			o.encodeErr = fmt.Errorf("sdk: encoding %T: %w", v, err)
		}
		return nil, false
	}
	return append(data, '\n'), true
}

// Err returns the first write error, else the first encoding error.
func (o *output) Err() error {
	if o.writeErr != nil {
		return o.writeErr
	}
	return o.encodeErr
}

// Close reports what Err reports. It does not close the underlying writer.
func (o *output) Close() error { return o.Err() }
