package provider

import (
	"context"
	"iter"
	"time"
)

// Provider streams one model response.
//
// Stream yields the response's events in wire order and ends after
// message_stop. A non-nil error is always the last thing yielded; it is an
// *APIError when the API or the connection failed. Breaking out of the loop
// releases the connection. Adapters do not retry: see StreamWithRetry.
type Provider interface {
	Stream(ctx context.Context, req *Request) iter.Seq2[Event, error]
}

// EventType names a streamed event. The wire events keep the Messages-API
// names; EventRetry is corvid's own.
type EventType string

// Event types.
const (
	EventMessageStart EventType = "message_start"
	EventBlockStart   EventType = "content_block_start"
	EventBlockDelta   EventType = "content_block_delta"
	EventBlockStop    EventType = "content_block_stop"
	EventMessageDelta EventType = "message_delta"
	EventMessageStop  EventType = "message_stop"
	EventPing         EventType = "ping"
	// EventRetry reports that a request failed and is about to be retried.
	EventRetry EventType = "retry"
)

// Delta types inside a content_block_delta.
const (
	DeltaText      = "text_delta"
	DeltaInputJSON = "input_json_delta"
	DeltaThinking  = "thinking_delta"
	DeltaSignature = "signature_delta"
)

// Event is one streamed event.
type Event struct {
	Type EventType

	// message_start
	MessageID string
	Model     string

	// content_block_*: the block's index in the message. On
	// content_block_start, Block holds the block's opening state (type, and
	// for tool_use its id and name).
	Index int
	Block *Block

	// content_block_delta
	Delta Delta

	// message_delta
	StopReason   string
	StopSequence string

	// message_start and message_delta: usage so far (cumulative).
	Usage Usage

	// EventRetry
	Retry *RetryInfo
}

// Delta is the payload of a content_block_delta.
type Delta struct {
	Type string
	// Text carries the text, partial JSON, thinking or signature fragment.
	Text string
}

// RetryInfo describes a retry about to happen.
type RetryInfo struct {
	Attempt    int // 1 for the first retry
	MaxRetries int
	Delay      time.Duration
	Err        *APIError
}

// Stop reasons.
const (
	StopEndTurn   = "end_turn"
	StopToolUse   = "tool_use"
	StopMaxTokens = "max_tokens"
	StopSequence  = "stop_sequence"
	StopRefusal   = "refusal"
	StopPause     = "pause_turn"
)
