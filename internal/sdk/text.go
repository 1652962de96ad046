package sdk

import (
	"io"
	"strconv"
	"strings"

	"corvid/internal/event"
)

// TextWriter renders `--output-format text`: the final result and nothing
// else.
type TextWriter struct {
	output
	opts Options
	done bool
}

// NewText returns a text renderer writing to w.
func NewText(w io.Writer, opts Options) *TextWriter {
	return &TextWriter{output: output{w: w}, opts: opts}
}

// Publish prints the first event.Result on the output and each retry on
// Options.Stderr; every other event, and every sub-agent event, is
// ignored.
func (t *TextWriter) Publish(ev event.Event) {
	if event.Nested(ev) {
		return // a sub-agent's retries and result are its own
	}
	if rt, ok := ev.(event.Retry); ok && !t.done {
		retryLine(t.opts.Stderr, rt)
	}
	r, ok := ev.(event.Result)
	if !ok || t.done {
		return
	}
	t.done = true
	t.write([]byte(t.resultLine(r) + "\n"))
}

// resultLine is what Claude Code prints for each result subtype. The
// success text goes out as is (an API error arrives as a success with
// is_error and the text "API Error: …"); execution errors are followed by
// their messages so the user sees what went wrong.
func (t *TextWriter) resultLine(r event.Result) string {
	errs := strings.Join(r.Errors, "; ")
	switch r.Subtype {
	case event.SubtypeSuccess, "":
		return strings.TrimSuffix(r.Text, "\n")
	case event.SubtypeMaxTurns:
		if t.opts.MaxTurns > 0 {
			return "Error: Reached max turns (" + strconv.Itoa(t.opts.MaxTurns) + ")"
		}
	case event.SubtypeMaxBudget:
		if t.opts.MaxBudgetUSD > 0 {
			return "Error: Exceeded USD budget (" +
				strconv.FormatFloat(t.opts.MaxBudgetUSD, 'f', -1, 64) + ")"
		}
	case event.SubtypeDuringExecution:
		if errs == "" {
			return "Execution error"
		}
		return "Execution error: " + errs
	}
	if errs == "" {
		errs = r.Subtype
	}
	return "Error: " + errs
}
