package providertest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"corvid/internal/provider"
)

// sseEvent is one server-sent event, ready to write.
type sseEvent struct {
	name  string
	index int // content block index; -1 for message-level events
	data  []byte
}

// streamMeta is what a turn's events take from the request they answer.
type streamMeta struct {
	messageID string
	model     string
	seq       int // request number, for generated tool ids
}

type wireMessage struct {
	ID           string            `json:"id"`
	Type         string            `json:"type"`
	Role         string            `json:"role"`
	Model        string            `json:"model"`
	Content      []json.RawMessage `json:"content"`
	StopReason   *string           `json:"stop_reason"`
	StopSequence *string           `json:"stop_sequence"`
	Usage        wireUsage         `json:"usage"`
}

// wireUsage is a usage object as the API writes it: cache_creation splits
// the cache writes by ttl when the split is known.
type wireUsage struct {
	InputTokens              int                `json:"input_tokens"`
	OutputTokens             int                `json:"output_tokens"`
	CacheCreationInputTokens int                `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int                `json:"cache_read_input_tokens"`
	CacheCreation            *wireCacheCreation `json:"cache_creation,omitempty"`
}

type wireCacheCreation struct {
	Ephemeral5m int `json:"ephemeral_5m_input_tokens"`
	Ephemeral1h int `json:"ephemeral_1h_input_tokens"`
}

func toWireUsage(u provider.Usage) wireUsage {
	w := wireUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens,
		CacheCreationInputTokens: u.CacheCreationInputTokens, CacheReadInputTokens: u.CacheReadInputTokens}
	if u.CacheCreation5m != 0 || u.CacheCreation1h != 0 {
		w.CacheCreation = &wireCacheCreation{u.CacheCreation5m, u.CacheCreation1h}
	}
	return w
}

type wireStopDelta struct {
	StopReason   string  `json:"stop_reason"`
	StopSequence *string `json:"stop_sequence"`
}

// buildEvents lays out the complete stream of a turn, in wire order.
func buildEvents(t Turn, m streamMeta) []sseEvent {
	use := t.usage()
	start := use
	start.OutputTokens = min(use.OutputTokens, 1)
	msg := wireMessage{ID: m.messageID, Type: "message", Role: "assistant", Model: m.model,
		Content: []json.RawMessage{}, Usage: toWireUsage(start)}
	evs := []sseEvent{
		messageEvent("message_start", struct {
			Type    string      `json:"type"`
			Message wireMessage `json:"message"`
		}{"message_start", msg}),
		messageEvent("ping", map[string]string{"type": "ping"}),
	}
	size := t.chunkSize()
	for i, b := range t.Blocks {
		evs = append(evs, blockEvents(i, b, toolID(b, m, i), size)...)
	}
	return append(evs,
		messageEvent("message_delta", struct {
			Type  string        `json:"type"`
			Delta wireStopDelta `json:"delta"`
			Usage wireUsage     `json:"usage"`
		}{"message_delta", wireStopDelta{StopReason: t.stopReason()}, toWireUsage(use)}),
		messageEvent("message_stop", map[string]string{"type": "message_stop"}),
	)
}

func messageEvent(name string, v any) sseEvent {
	return sseEvent{name: name, index: -1, data: encode(v)}
}

// encode marshals a value built by this package; failure is a bug here.
func encode(v any) []byte {
	data, err := provider.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("providertest: encode %T: %v", v, err))
	}
	return data
}

func toolID(b Block, m streamMeta, i int) string {
	if b.ID != "" {
		return b.ID
	}
	return fmt.Sprintf("toolu_fake%04d%02d", m.seq, i)
}

// toolInput is the tool_use input as it is streamed: compacted when it is
// valid JSON, verbatim when a test scripted broken input.
func toolInput(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "{}"
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return string(raw)
	}
	return buf.String()
}
