package host

import "encoding/json"

// Control frame types.
const (
	typeControlRequest  = "control_request"
	typeControlResponse = "control_response"
	typeControlCancel   = "control_cancel_request"
	typeKeepAlive       = "keep_alive"
	typeUser            = "user"
)

// envelope is any input line, read for its type and routing fields.
type envelope struct {
	Type      string          `json:"type"`
	RequestID string          `json:"request_id"`
	Request   json.RawMessage `json:"request"`
	Response  *responseBody   `json:"response"`
	Message   json.RawMessage `json:"message"`
	UUID      string          `json:"uuid"`
	Priority  string          `json:"priority"`
	// ShouldQuery false adds the message without starting a turn.
	ShouldQuery     *bool   `json:"shouldQuery"`
	ParentToolUseID *string `json:"parent_tool_use_id"`
}

// controlRequest is a request frame, either direction.
type controlRequest struct {
	Type      string `json:"type"`
	RequestID string `json:"request_id"`
	Request   any    `json:"request"`
}

// controlResponse is a response frame, either direction.
type controlResponse struct {
	Type     string       `json:"type"`
	Response responseBody `json:"response"`
}

// responseBody is success (with response) or error (with error).
type responseBody struct {
	Subtype   string          `json:"subtype"`
	RequestID string          `json:"request_id"`
	Response  json.RawMessage `json:"response,omitempty"`
	Error     string          `json:"error,omitempty"`
}

// controlCancel withdraws a request corvid sent.
type controlCancel struct {
	Type      string `json:"type"`
	RequestID string `json:"request_id"`
}

// subtype is the subtype field of a request body.
type subtype struct {
	Subtype string `json:"subtype"`
}

// userMessage is the message of a user input frame.
type userMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}
