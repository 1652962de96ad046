package bash

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// input is the tool's input. DangerouslyDisableSandbox is accepted for
// compatibility and ignored: there is no sandbox to leave yet.
type input struct {
	Command                   string   `json:"command"`
	Timeout                   *float64 `json:"timeout"`
	Description               string   `json:"description"`
	RunInBackground           bool     `json:"run_in_background"`
	DangerouslyDisableSandbox bool     `json:"dangerouslyDisableSandbox"`
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("the input could not be read: %w", err)
	}
	if strings.TrimSpace(in.Command) == "" {
		return in, errors.New("The command is empty. Pass the shell command to run in `command`.")
	}
	if in.Timeout != nil && *in.Timeout < 0 {
		return in, errors.New("The timeout must be a positive number of milliseconds.")
	}
	return in, nil
}

// timeout is the call's time limit: the requested one, lowered to the
// maximum, or the default when none (or 0) was given.
func (in input) timeout(o Options) time.Duration {
	if in.Timeout == nil || *in.Timeout <= 0 {
		return o.DefaultTimeout
	}
	if *in.Timeout >= float64(o.MaxTimeout/time.Millisecond) {
		return o.MaxTimeout
	}
	return max(time.Duration(*in.Timeout*float64(time.Millisecond)), time.Millisecond)
}
