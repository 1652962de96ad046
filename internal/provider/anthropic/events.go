package anthropic

import (
	"encoding/json"
	"fmt"

	"corvid/internal/provider"
)

// wireEvent is the union of the stream events' JSON fields.
type wireEvent struct {
	Type         string          `json:"type"`
	Index        int             `json:"index"`
	Message      *wireMessage    `json:"message"`
	ContentBlock json.RawMessage `json:"content_block"`
	Delta        *wireDelta      `json:"delta"`
	Usage        *wireUsage      `json:"usage"`
}

type wireMessage struct {
	ID    string    `json:"id"`
	Model string    `json:"model"`
	Usage wireUsage `json:"usage"`
}

// wireDelta is the union of content_block_delta and message_delta deltas.
type wireDelta struct {
	Type         string  `json:"type"`
	Text         string  `json:"text"`
	PartialJSON  string  `json:"partial_json"`
	Thinking     string  `json:"thinking"`
	Signature    string  `json:"signature"`
	StopReason   *string `json:"stop_reason"`
	StopSequence *string `json:"stop_sequence"`
}

type wireUsage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	CacheCreation            *struct {
		Ephemeral5m int `json:"ephemeral_5m_input_tokens"`
		Ephemeral1h int `json:"ephemeral_1h_input_tokens"`
	} `json:"cache_creation"`
	ServerToolUse *struct {
		WebSearchRequests int `json:"web_search_requests"`
		WebFetchRequests  int `json:"web_fetch_requests"`
	} `json:"server_tool_use"`
}

func (w *wireUsage) usage() provider.Usage {
	if w == nil {
		return provider.Usage{}
	}
	u := provider.Usage{
		InputTokens:              w.InputTokens,
		OutputTokens:             w.OutputTokens,
		CacheCreationInputTokens: w.CacheCreationInputTokens,
		CacheReadInputTokens:     w.CacheReadInputTokens,
	}
	if c := w.CacheCreation; c != nil {
		u.CacheCreation5m, u.CacheCreation1h = c.Ephemeral5m, c.Ephemeral1h
	}
	if s := w.ServerToolUse; s != nil {
		u.WebSearchRequests, u.WebFetchRequests = s.WebSearchRequests, s.WebFetchRequests
	}
	return u
}

// decoder turns SSE events into provider events. It drops content blocks
// of kinds corvid cannot carry (server tool blocks, for instance), with
// their deltas, so that the assembled message stays sendable.
type decoder struct {
	skipped map[int]bool
}

// decode translates one event. ok is false for events that are dropped.
// raw is the event's JSON; nothing of it is retained.
func (d *decoder) decode(name string, raw []byte) (ev provider.Event, ok bool, err error) {
	var w wireEvent
	if err := json.Unmarshal(raw, &w); err != nil {
		return ev, false, fmt.Errorf("%s event: %w", name, err)
	}
	ev = provider.Event{Type: provider.EventType(name), Index: w.Index}
	switch ev.Type {
	case provider.EventPing, provider.EventMessageStop:
		return ev, true, nil
	case provider.EventMessageStart:
		if w.Message == nil {
			return ev, false, fmt.Errorf("message_start event without message")
		}
		ev.MessageID, ev.Model, ev.Usage = w.Message.ID, w.Message.Model, w.Message.Usage.usage()
		return ev, true, nil
	case provider.EventMessageDelta:
		if w.Delta != nil {
			ev.StopReason, ev.StopSequence = deref(w.Delta.StopReason), deref(w.Delta.StopSequence)
		}
		ev.Usage = w.Usage.usage()
		return ev, true, nil
	case provider.EventBlockStart:
		return d.blockStart(ev, w.ContentBlock)
	case provider.EventBlockDelta:
		if d.skipped[w.Index] {
			return ev, false, nil
		}
		if w.Delta == nil {
			return ev, false, fmt.Errorf("content_block_delta event without delta")
		}
		ev.Delta = w.Delta.delta()
		return ev, true, nil
	case provider.EventBlockStop:
		if d.skipped[w.Index] {
			delete(d.skipped, w.Index)
			return ev, false, nil
		}
		return ev, true, nil
	}
	// Event kinds newer than this adapter are ignored.
	return ev, false, nil
}

func (d *decoder) blockStart(ev provider.Event, raw json.RawMessage) (provider.Event, bool, error) {
	if len(raw) == 0 {
		return ev, false, fmt.Errorf("content_block_start event without content_block")
	}
	var b provider.Block
	if err := json.Unmarshal(raw, &b); err != nil {
		return ev, false, fmt.Errorf("content_block_start event: %w", err)
	}
	switch b.Type {
	case provider.BlockText, provider.BlockThinking, provider.BlockRedactedThinking, provider.BlockToolUse:
		ev.Block = &b
		return ev, true, nil
	}
	if d.skipped == nil {
		d.skipped = map[int]bool{}
	}
	d.skipped[ev.Index] = true
	return ev, false, nil
}

// delta carries the fragment that goes with the delta's type. Delta kinds
// without one (citations, for instance) pass with their type only.
func (w *wireDelta) delta() provider.Delta {
	d := provider.Delta{Type: w.Type}
	switch w.Type {
	case provider.DeltaText:
		d.Text = w.Text
	case provider.DeltaInputJSON:
		d.Text = w.PartialJSON
	case provider.DeltaThinking:
		d.Text = w.Thinking
	case provider.DeltaSignature:
		d.Text = w.Signature
	}
	return d
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
