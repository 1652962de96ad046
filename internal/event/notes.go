package event

// Status reports what the session is doing (stream-json system/status,
// published with partial messages): "requesting" before each request,
// "compacting" while the history is compacted.
type Status struct {
	Origin
	Status string
}

// PermissionDenied reports a tool call refused without asking anyone
// (stream-json system/permission_denied), published just before the
// refusal's tool result. Message is the refusal's text.
type PermissionDenied struct {
	Origin
	ToolName  string
	ToolUseID string
	Message   string
}

// UserText is a user-role text message that corvid adds to the
// conversation on the user's behalf, such as the marker of an interrupt
// (InterruptedText, InterruptedToolText).
type UserText struct {
	Origin
	UUID string
	Text string
}

// The texts of the user message that records an interrupt, as Claude
// Code writes them: while the model was answering, or while its tools
// ran.
const (
	InterruptedText     = "[Request interrupted by user]"
	InterruptedToolText = "[Request interrupted by user for tool use]"
)

// Status values.
const (
	StatusRequesting = "requesting"
	StatusCompacting = "compacting"
)

func (Status) isEvent()           {}
func (PermissionDenied) isEvent() {}
func (UserText) isEvent()         {}
