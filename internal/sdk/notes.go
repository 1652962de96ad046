package sdk

import (
	"corvid/internal/event"
	"corvid/internal/provider"
)

// StatusFrame is system/status: what the session is doing.
type StatusFrame struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	Status    string `json:"status"`
	SessionID string `json:"session_id"`
	UUID      string `json:"uuid"`
}

// PermissionDeniedFrame is system/permission_denied: a call was refused
// without a prompt; the refusal's tool result follows.
type PermissionDeniedFrame struct {
	Type      string `json:"type"`
	Subtype   string `json:"subtype"`
	ToolName  string `json:"tool_name"`
	ToolUseID string `json:"tool_use_id"`
	Message   string `json:"message"`
	SessionID string `json:"session_id"`
	UUID      string `json:"uuid"`
}

func (f *framer) status(ev event.Status) StatusFrame {
	return StatusFrame{Type: TypeSystem, Subtype: SubtypeStatus, Status: ev.Status,
		SessionID: f.sessionID, UUID: f.newUUID()}
}

func (f *framer) permissionDenied(ev event.PermissionDenied) PermissionDeniedFrame {
	return PermissionDeniedFrame{Type: TypeSystem, Subtype: SubtypePermissionDeny,
		ToolName: ev.ToolName, ToolUseID: ev.ToolUseID, Message: ev.Message,
		SessionID: f.sessionID, UUID: f.newUUID()}
}

// userText is the user frame of a text message corvid added (an
// interrupt's marker): no tool_use_result.
func (f *framer) userText(ev event.UserText) UserFrame {
	return UserFrame{Type: TypeUser,
		Message:   provider.Message{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock(ev.Text)}},
		SessionID: f.sessionID, UUID: f.uuidOr(ev.UUID), Timestamp: f.timestamp()}
}
