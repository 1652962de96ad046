package host

import (
	"fmt"
	"io"
	"sync"

	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/sdk"
)

// writer serialises every line corvid writes to the host: the
// conversation's frames and the control frames. After a write error
// nothing more is written.
type writer struct {
	mu     sync.Mutex
	w      io.Writer
	stream *sdk.StreamWriter
	err    error
	// broken is called once, on the first failed write: nobody reads the
	// output any more (the host died).
	broken   func()
	reported bool
}

func newWriter(w io.Writer, opts sdk.Options, broken func()) *writer {
	return &writer{w: w, stream: sdk.NewStream(w, opts), broken: broken}
}

// publish writes an event's frame.
func (o *writer) publish(ev event.Event) {
	o.mu.Lock()
	o.stream.Publish(ev)
	o.mu.Unlock()
	o.check()
}

// check reports a broken output once, outside the lock.
func (o *writer) check() {
	o.mu.Lock()
	failed := (o.err != nil || o.stream.Err() != nil) && !o.reported
	if failed {
		o.reported = true
	}
	o.mu.Unlock()
	if failed && o.broken != nil {
		o.broken()
	}
}

// write writes one control frame.
func (o *writer) write(v any) {
	data, err := provider.Marshal(v)
	o.mu.Lock()
	defer o.mu.Unlock()
	if err != nil {
		o.err = fmt.Errorf("host: encoding %T: %w", v, err)
		return
	}
	if o.err != nil || o.stream.Err() != nil {
		return
	}
	if _, err := o.w.Write(append(data, '\n')); err != nil {
		o.err = fmt.Errorf("host: writing output: %w", err)
	}
}

// frame writes one control frame and reports a broken output.
func (o *writer) frame(v any) {
	o.write(v)
	o.check()
}

// Err returns the first failure.
func (o *writer) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return o.err
	}
	return o.stream.Err()
}
