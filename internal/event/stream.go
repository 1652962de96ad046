package event

import "corvid/internal/provider"

// The streaming events below describe one model response as it arrives,
// in the provider-neutral terms of provider.Assembler: a message opens,
// its content blocks open, grow by deltas and close, the message reports
// why it stopped and closes. The engine publishes them only when a front
// end asked for partial messages (--include-partial-messages, the
// terminal UI); stream-json re-encodes them as stream_event frames.

// DeltaKind is what a Delta adds to its block.
type DeltaKind string

// Delta kinds.
const (
	KindText      DeltaKind = "text"
	KindThinking  DeltaKind = "thinking"
	KindToolInput DeltaKind = "tool_input" // a fragment of the call's JSON input
	// KindSignature is a fragment of a thinking block's signature.
	KindSignature DeltaKind = "signature"
)

// MessageStart opens a model response.
type MessageStart struct {
	Origin
	MessageID string
	Model     string
	// Usage is what the provider reported so far (the input side).
	Usage provider.Usage
}

// BlockStart opens content block Index of the response.
type BlockStart struct {
	Origin
	Index int
	// Type is the block's type (text, thinking, redacted_thinking,
	// tool_use); ToolUseID and ToolName are set for a tool_use.
	Type      provider.BlockType
	ToolUseID string
	ToolName  string
	// Text is the text or thinking the block opens with (usually "");
	// Data is a redacted_thinking block's payload.
	Text string
	Data string
}

// Delta adds Text to block Index.
type Delta struct {
	Origin
	Index int
	Kind  DeltaKind
	Text  string
}

// BlockStop closes block Index; its event.Assistant was published just
// before.
type BlockStop struct {
	Origin
	Index int
	Type  provider.BlockType
}

// MessageDelta reports why the response stopped and its usage so far
// (cumulative).
type MessageDelta struct {
	Origin
	StopReason   string
	StopSequence string
	Usage        provider.Usage
}

// MessageStop closes the response; Usage is its final usage.
type MessageStop struct {
	Origin
	Usage provider.Usage
}

// DeltaKindOf maps a provider delta type to its kind; ok is false for
// delta types corvid does not carry (citations, for instance).
func DeltaKindOf(t string) (k DeltaKind, ok bool) {
	switch t {
	case provider.DeltaText:
		return KindText, true
	case provider.DeltaThinking:
		return KindThinking, true
	case provider.DeltaInputJSON:
		return KindToolInput, true
	case provider.DeltaSignature:
		return KindSignature, true
	}
	return "", false
}

func (MessageStart) isEvent() {}
func (BlockStart) isEvent()   {}
func (Delta) isEvent()        {}
func (BlockStop) isEvent()    {}
func (MessageDelta) isEvent() {}
func (MessageStop) isEvent()  {}
