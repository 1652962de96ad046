package sdk

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"corvid/internal/event"
)

var evRetries = []event.Event{
	event.Retry{Attempt: 1, MaxRetries: 10, Delay: 600 * time.Millisecond, Status: 529, Category: "overloaded",
		Message: "529 overloaded_error: Overloaded"},
	event.Retry{Attempt: 2, MaxRetries: 2, Delay: 1200 * time.Millisecond, Category: "connection_error"},
}

// Text and json runs say each retry on stderr, and only there: stdout
// still holds the result alone.
func TestRetriesGoToStderr(t *testing.T) {
	want := "API error, attempt 1 of 11: 529 overloaded_error: Overloaded; next try in 0.6s\n" +
		"API error, attempt 2 of 3: connection_error; next try in 1.2s\n"
	for _, f := range []Format{FormatText, FormatJSON} {
		var stderr bytes.Buffer
		opts := testOpts(f)
		opts.Stderr = &stderr
		out := render(t, opts, append(append([]event.Event{evInit}, evRetries...), evResult)...)
		if stderr.String() != want {
			t.Errorf("%s: stderr %q, want %q", f, stderr.String(), want)
		}
		if strings.Contains(out, "next try") {
			t.Errorf("%s: stdout %q carries a retry line", f, out)
		}
	}
}

// stream-json keeps its system/api_retry frames and writes nothing on
// stderr.
func TestStreamJSONRetriesStayFrames(t *testing.T) {
	var stderr bytes.Buffer
	opts := testOpts(FormatStreamJSON)
	opts.Stderr = &stderr
	out := render(t, opts, append(append([]event.Event{evInit}, evRetries...), evResult)...)
	if stderr.Len() != 0 || strings.Count(out, `"subtype":"api_retry"`) != 2 {
		t.Errorf("stderr %q, stdout %q", stderr.String(), out)
	}
}
