package hookrun

import (
	"encoding/json"
	"time"

	"corvid/internal/hook"
)

// Outcomes of a run, as stream-json hook_response frames name them.
const (
	OutcomeSuccess   = "success"
	OutcomeError     = "error"
	OutcomeCancelled = "cancelled"
)

// Run is one handler run as it starts.
type Run struct {
	// ID is unique per run (hook_id); Name is "PreToolUse:Bash" or the
	// bare event (hook_name).
	ID, Name, Event string
	Handler         hook.Handler
}

// Outcome is how a run ended.
type Outcome struct {
	Outcome  string // success, error or cancelled
	ExitCode int    // -1 when the handler did not exit on its own (or is not a command)
	Stdout   string
	Stderr   string
	// Combined is stdout and stderr in the order they arrived.
	Combined string
	// Output is the decision the run gave the session (hook JSON); nil
	// when none.
	Output json.RawMessage
	// Err is what went wrong (ErrTimeout, ErrExit…), nil on success or
	// a block; Message words it, or a non-blocking exit 2, for the user,
	// naming the hook and its settings file ("" when there is nothing
	// to tell).
	Err      error
	Message  string
	Duration time.Duration
}

// Observer is told about every run (the composition root logs them,
// prints their messages and publishes hook frames). Its methods may be
// called from several goroutines at once.
type Observer interface {
	Started(Run)
	Finished(Run, Outcome)
}

type nopObserver struct{}

func (nopObserver) Started(Run)           {}
func (nopObserver) Finished(Run, Outcome) {}
