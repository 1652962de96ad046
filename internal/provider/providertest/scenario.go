package providertest

import (
	"bytes"
	"encoding/json"
	"time"

	"corvid/internal/provider"
)

// Scenario is the script a Server plays: one Turn per request, in order.
type Scenario struct {
	Name  string `json:"name,omitempty"`
	Turns []Turn `json:"turns"`
	// AllowUnused stops Start from failing the test when turns are left.
	AllowUnused bool `json:"allow_unused,omitempty"`
	// Loop starts the script again from its first turn once the last one
	// has been played, for ever, so that each of several client runs in a
	// row gets the whole script. A looping server never finishes.
	Loop bool `json:"loop,omitempty"`
	// Routes answer nested conversations (sub-agents) from their own
	// scripts, chosen by a marker in the request; requests no route
	// claims are answered from Turns.
	Routes []Route `json:"routes,omitempty"`
	// RequireAPIKey, when set, answers 401 authentication_error to any
	// request whose x-api-key (or Authorization bearer token) differs.
	RequireAPIKey string `json:"require_api_key,omitempty"`
	// ForgetBodies keeps only the newest request's body and decoded
	// content; older requests keep their metadata (index, model, status,
	// cache usage). Long sessions then cost the server memory in
	// proportion to one request, not to all of them.
	ForgetBodies bool `json:"forget_bodies,omitempty"`
	// PromptCache, when set, turns on the prompt-cache model: a streamed
	// turn whose Usage is entirely zero reports input, cache-read and
	// cache-creation tokens priced from the request's cache_control
	// breakpoints and the prefixes earlier requests cached, and every
	// served request records the decision in Request.Cache.
	PromptCache *CacheConfig `json:"prompt_cache,omitempty"`
}

// Turn is one scripted response: a streamed assistant message, an HTTP
// error, or a stream that fails part-way.
type Turn struct {
	// Model defaults to the request's model; MessageID to a generated
	// "msg_…" id.
	Model     string  `json:"model,omitempty"`
	MessageID string  `json:"message_id,omitempty"`
	Blocks    []Block `json:"blocks,omitempty"`
	// StopReason defaults to "tool_use" when a block is a tool_use, else
	// "end_turn".
	StopReason string `json:"stop_reason,omitempty"`
	// Usage is reported as-is; when it is entirely zero the server makes
	// up small deterministic counts, or with Scenario.PromptCache prices
	// the input side with the cache model (output tokens as before).
	Usage provider.Usage `json:"usage,omitzero"`
	// ChunkDelay is the pause before each SSE event after the first
	// (JSON: chunk_delay_ms).
	ChunkDelay time.Duration `json:"-"`
	// ChunkSize is the byte size of text, thinking and partial_json deltas
	// (default 12).
	ChunkSize int `json:"chunk_size,omitempty"`

	// Status, when 400 or more, answers with that HTTP status and an
	// Anthropic error body instead of a stream. ErrorType and ErrorMessage
	// default from the status; RetryAfter is sent as the retry-after header.
	Status       int    `json:"status,omitempty"`
	ErrorType    string `json:"error_type,omitempty"`
	ErrorMessage string `json:"error_message,omitempty"`
	RetryAfter   string `json:"retry_after,omitempty"`

	// CutAfter, when > 0, closes the connection abruptly after that many
	// SSE events. With ErrorEvent or Malformed the stream instead sends an
	// error event (of type ErrorEvent) or a record whose data is not JSON
	// after CutAfter events (0: before any), then ends normally.
	CutAfter   int    `json:"cut_after,omitempty"`
	ErrorEvent string `json:"error_event,omitempty"`
	Malformed  bool   `json:"malformed,omitempty"`

	// Stall makes the server go silent: StallHeaders holds the request
	// without answering it, StallStream sends the headers and then pauses
	// after CutAfter events (0: before any). The pause lasts StallFor
	// (JSON: stall_ms), or, when that is 0, until the client leaves or
	// the server closes; after a finite pause the turn goes on as
	// scripted.
	Stall    string        `json:"stall,omitempty"`
	StallFor time.Duration `json:"-"`

	// Repeat serves this turn to that many consecutive requests (default 1).
	Repeat int `json:"repeat,omitempty"`
}

// Block is one scripted content block.
type Block struct {
	// Type is "text", "thinking", "redacted_thinking" or "tool_use".
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	// Thinking and Signature fill a thinking block; the signature defaults
	// to a fixed placeholder. Data fills a redacted_thinking block.
	Thinking  string `json:"thinking,omitempty"`
	Signature string `json:"signature,omitempty"`
	Data      string `json:"data,omitempty"`
	// ID (default: generated "toolu_…"), Name and Input fill a tool_use
	// block. Input defaults to {} and is streamed verbatim (compacted when
	// it is valid JSON), so a test may script a broken input on purpose.
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
}

// Text returns a text block.
func Text(s string) Block { return Block{Type: "text", Text: s} }

// Thinking returns a thinking block with the default signature.
func Thinking(s string) Block { return Block{Type: "thinking", Thinking: s} }

// ToolUse returns a tool_use block. input is marshalled with encoding/json
// (a json.RawMessage is used as-is); nil means no arguments ({}). An empty
// id is replaced by a generated one when the block is served.
func ToolUse(id, name string, input any) Block {
	raw, ok := input.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = provider.Marshal(input); err != nil {
			panic("providertest: ToolUse input: " + err.Error())
		}
	}
	if string(raw) == "null" {
		raw = json.RawMessage(`{}`)
	}
	return Block{Type: "tool_use", ID: id, Name: name, Input: raw}
}

// turnAlias has Turn's fields without its methods, so the JSON methods can
// reuse the default encoding.
type turnAlias Turn

type turnJSON struct {
	*turnAlias
	ChunkDelayMS int64 `json:"chunk_delay_ms,omitempty"`
	StallMS      int64 `json:"stall_ms,omitempty"`
}

// Stall kinds.
const (
	StallHeaders = "headers"
	StallStream  = "stream"
)

// MarshalJSON writes the turn with its delay as chunk_delay_ms.
func (t Turn) MarshalJSON() ([]byte, error) {
	return json.Marshal(turnJSON{(*turnAlias)(&t), t.ChunkDelay.Milliseconds(), t.StallFor.Milliseconds()})
}

// UnmarshalJSON reads a turn, rejecting unknown fields so a typo in a
// scenario file is an error rather than a silently ignored setting.
func (t *Turn) UnmarshalJSON(data []byte) error {
	j := turnJSON{turnAlias: (*turnAlias)(t)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	t.ChunkDelay = time.Duration(j.ChunkDelayMS) * time.Millisecond
	t.StallFor = time.Duration(j.StallMS) * time.Millisecond
	return nil
}
