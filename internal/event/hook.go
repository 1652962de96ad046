package event

// HookStarted is a settings hook starting (stream-json
// system/hook_started, only with --include-hook-events).
type HookStarted struct {
	Origin
	// ID is unique per run; Name is "PreToolUse:Bash" or the bare event.
	ID, Name, Event string
	SessionID       string
}

// HookResponse is how a settings hook run ended (system/hook_response).
type HookResponse struct {
	Origin
	ID, Name, Event string
	SessionID       string
	// Output is what the hook printed, stdout and stderr in the order
	// they arrived; Stdout and Stderr apart.
	Output, Stdout, Stderr string
	ExitCode               int
	// Outcome is success, error or cancelled.
	Outcome string
}

func (HookStarted) isEvent()  {}
func (HookResponse) isEvent() {}
