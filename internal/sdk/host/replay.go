package host

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// replayFrame is a user message from the host echoed back
// (--replay-user-messages): Claude Code writes it after the turn's
// system/init, with the host's uuid and isReplay:true.
type replayFrame struct {
	Type            string          `json:"type"`
	Message         json.RawMessage `json:"message"`
	SessionID       string          `json:"session_id"`
	ParentToolUseID *string         `json:"parent_tool_use_id"`
	UUID            string          `json:"uuid"`
	Timestamp       string          `json:"timestamp"`
	IsReplay        bool            `json:"isReplay"`
}

// echo is one message waiting to be replayed.
type echo struct {
	message json.RawMessage
	parent  *string
	uuid    string
}

// timestampLayout is the form of frame timestamps: UTC, milliseconds.
const timestampLayout = "2006-01-02T15:04:05.000Z"

// echoOf keeps what a replay of env needs (a uuid is made up when the
// host sent none).
func echoOf(env envelope) echo {
	id := env.UUID
	if id == "" {
		id = uuid.NewString()
	}
	return echo{message: env.Message, parent: env.ParentToolUseID, uuid: id}
}

// replay writes the echoes of the turn that is starting, once; publish
// calls it right after the turn's init frame.
func (h *Host) replay(sessionID string) {
	h.mu.Lock()
	echoes := h.echoes
	h.echoes = nil
	h.mu.Unlock()
	for _, e := range echoes {
		h.out.frame(replayFrame{Type: typeUser, Message: e.message, SessionID: sessionID,
			ParentToolUseID: e.parent, UUID: e.uuid,
			Timestamp: time.Now().UTC().Format(timestampLayout), IsReplay: true})
	}
}
