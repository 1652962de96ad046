package host

import "github.com/google/uuid"

// SessionStates says whether the host is told what the session is doing
// (system/session_state_changed), as Claude Code decides from its
// environment.
type SessionStates int

const (
	// StatesOff sends none.
	StatesOff SessionStates = iota
	// StatesForSDK sends them marked sdk_host_only: the Agent SDK reads
	// them to know when a run is over and hides them from its caller
	// (CLAUDE_CODE_SDK_READS_SESSION_STATE, which the SDK sets).
	StatesForSDK
	// StatesAll sends them unmarked (CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS).
	StatesAll
)

// Session states.
const (
	stateRunning        = "running"
	stateIdle           = "idle"
	stateRequiresAction = "requires_action"
)

// stateFrame is system/session_state_changed.
type stateFrame struct {
	Type        string `json:"type"`
	Subtype     string `json:"subtype"`
	State       string `json:"state"`
	SDKHostOnly bool   `json:"sdk_host_only,omitempty"`
	UUID        string `json:"uuid"`
	SessionID   string `json:"session_id"`
}

// state tells the host the session's state: running when a turn starts
// and again when a permission answer arrives, requires_action while
// can_use_tool waits, idle after a turn's result.
func (h *Host) state(s string) {
	h.mu.Lock()
	h.current = s
	c := h.conv
	h.mu.Unlock()
	if h.opts.SessionStates == StatesOff {
		return
	}
	var id string
	if c != nil {
		id = c.Info().SessionID
	}
	h.out.frame(stateFrame{Type: "system", Subtype: "session_state_changed", State: s,
		SDKHostOnly: h.opts.SessionStates == StatesForSDK, UUID: uuid.NewString(), SessionID: id})
}
