package doctor

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Status is a check's outcome.
type Status string

// The outcomes. Only StatusFail makes the report broken: a warning is
// something that works, but less well (no ripgrep, an untrusted
// repository's withheld settings).
const (
	StatusOK   Status = "ok"
	StatusWarn Status = "warn"
	StatusFail Status = "fail"
	StatusSkip Status = "skip"
)

// Check is one line of the checklist.
type Check struct {
	Name   string   `json:"name"`
	Status Status   `json:"status"`
	Detail string   `json:"detail"`
	Items  []string `json:"items,omitempty"` // files found, failures, withheld keys…
}

// Report is the whole checklist, in order.
type Report struct {
	OK     bool    `json:"ok"`
	Checks []Check `json:"checks"`
}

// Broken reports whether a check failed.
func (r Report) Broken() bool {
	for _, c := range r.Checks {
		if c.Status == StatusFail {
			return true
		}
	}
	return false
}

var marks = map[Status]string{StatusOK: "[ok]  ", StatusWarn: "[warn]", StatusFail: "[FAIL]", StatusSkip: "[skip]"}

// WriteText prints the checklist for people.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "%s %-13s %s\n", marks[c.Status], c.Name, c.Detail)
		for _, it := range c.Items {
			fmt.Fprintf(&b, "       %13s - %s\n", "", it)
		}
	}
	if r.Broken() {
		b.WriteString("\nSomething is broken: see the [FAIL] lines above.\n")
	} else {
		b.WriteString("\nEverything corvid needs is in place.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON prints the report as one JSON object, for scripts.
func (r Report) WriteJSON(w io.Writer) error {
	r.OK = !r.Broken()
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
