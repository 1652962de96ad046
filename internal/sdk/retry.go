package sdk

import (
	"fmt"
	"io"
	"strconv"

	"corvid/internal/event"
)

// retryLine says on w that a request failed and when it is sent again:
// what failed, attempt k of n, and the wait. The text and json formats
// print it on stderr, since their stdout holds the result alone; without
// it a dead or struggling API looks like a hang.
func retryLine(w io.Writer, ev event.Retry) {
	if w == nil {
		return
	}
	what := ev.Message
	if what == "" {
		what = ev.Category
	}
	wait := strconv.FormatFloat(ev.Delay.Seconds(), 'f', 1, 64)
	_, _ = fmt.Fprintf(w, "API error, attempt %d of %d: %s; next try in %ss\n",
		ev.Attempt, ev.MaxRetries+1, what, wait)
}
