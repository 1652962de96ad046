package sdk

import "corvid/internal/event"

// Hook frame subtypes.
const (
	SubtypeHookStarted  = "hook_started"
	SubtypeHookResponse = "hook_response"
)

// HookStartedFrame is system/hook_started, as Claude Code 2.1.332
// writes it with --include-hook-events.
type HookStartedFrame struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	HookID    string `json:"hook_id"`
	HookName  string `json:"hook_name"`
	HookEvent string `json:"hook_event"`
	UUID      string `json:"uuid"`
	SessionID string `json:"session_id"`
}

// HookResponseFrame is system/hook_response.
type HookResponseFrame struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	HookID    string `json:"hook_id"`
	HookName  string `json:"hook_name"`
	HookEvent string `json:"hook_event"`
	Output    string `json:"output"`
	Stdout    string `json:"stdout"`
	Stderr    string `json:"stderr"`
	ExitCode  int    `json:"exit_code"`
	Outcome   string `json:"outcome"`
	UUID      string `json:"uuid"`
	SessionID string `json:"session_id"`
}

// hookFrame converts a hook event; ok is false for other events.
func (f *framer) hookFrame(ev event.Event) (any, bool) {
	switch ev := ev.(type) {
	case event.HookStarted:
		return HookStartedFrame{Type: TypeSystem, Subtype: SubtypeHookStarted, HookID: ev.ID, HookName: ev.Name,
			HookEvent: ev.Event, UUID: f.newUUID(), SessionID: f.sessionOr(ev.SessionID)}, true
	case event.HookResponse:
		return HookResponseFrame{Type: TypeSystem, Subtype: SubtypeHookResponse, HookID: ev.ID, HookName: ev.Name,
			HookEvent: ev.Event, Output: ev.Output, Stdout: ev.Stdout, Stderr: ev.Stderr, ExitCode: ev.ExitCode,
			Outcome: ev.Outcome, UUID: f.newUUID(), SessionID: f.sessionOr(ev.SessionID)}, true
	}
	return nil, false
}

// sessionOr is the event's session id, else the one the framer saw.
func (f *framer) sessionOr(id string) string {
	if id != "" {
		return id
	}
	return f.sessionID
}
