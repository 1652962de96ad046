package sdk

import (
	"fmt"
	"io"
	"time"

	"corvid/internal/event"
)

// Format is an `--output-format` value.
type Format string

// The output formats.
const (
	FormatText       Format = "text"
	FormatJSON       Format = "json"
	FormatStreamJSON Format = "stream-json"
)

// ParseFormat checks an `--output-format` value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case FormatText, FormatJSON, FormatStreamJSON:
		return f, nil
	}
	return "", fmt.Errorf("%w %q (choose text, json or stream-json)", ErrUnknownFormat, s)
}

// Options configure a renderer.
type Options struct {
	Format Format
	// Verbose makes the json format print an array of every frame instead
	// of the result object alone.
	Verbose bool
	// MaxTurns and MaxBudgetUSD are the run's limits, quoted by the text
	// format when a run stops on one of them.
	MaxTurns     int
	MaxBudgetUSD float64
	// Stderr, when set, receives a line for each retry in the text and
	// json formats (stream-json has system/api_retry frames instead).
	Stderr io.Writer
	// NewUUID makes frame uuids for events that carry none; uuid.NewString
	// when nil. Tests make it deterministic.
	NewUUID func() string
	// Now gives the timestamps of user and assistant frames; time.Now
	// when nil.
	Now func() time.Time
}

// Renderer is what every output format implements. Publish is an
// event.Sink; Close reports the first write or encoding error.
type Renderer interface {
	Publish(event.Event)
	Err() error
	Close() error
}

// New returns the renderer for opts.Format writing to w.
func New(w io.Writer, opts Options) (Renderer, error) {
	switch opts.Format {
	case FormatText:
		return NewText(w, opts), nil
	case FormatJSON:
		return NewJSON(w, opts), nil
	case FormatStreamJSON:
		return NewStream(w, opts), nil
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownFormat, opts.Format)
}
