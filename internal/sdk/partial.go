package sdk

import (
	"corvid/internal/event"
	"corvid/internal/provider"
)

// The stream_event payloads, re-encoded from the typed streaming events in
// the Messages API's shape (the shape Claude Code forwards and the SDKs
// type), whatever provider streamed the response.

type wireMessageStart struct {
	Type    string      `json:"type"`
	Message wireMessage `json:"message"`
}

type wireMessage struct {
	ID           string           `json:"id"`
	Type         string           `json:"type"`
	Role         provider.Role    `json:"role"`
	Model        string           `json:"model"`
	Content      []provider.Block `json:"content"`
	StopReason   *string          `json:"stop_reason"`
	StopSequence *string          `json:"stop_sequence"`
	Usage        wireUsage        `json:"usage"`
}

// wireUsage is a usage object as the API streams it: the split of cache
// writes and the server tool counts only when there are some.
type wireUsage struct {
	InputTokens              int            `json:"input_tokens"`
	CacheCreationInputTokens int            `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int            `json:"cache_read_input_tokens"`
	CacheCreation            *CacheCreation `json:"cache_creation,omitempty"`
	OutputTokens             int            `json:"output_tokens"`
	ServerToolUse            *ServerToolUse `json:"server_tool_use,omitempty"`
}

type wireBlockStart struct {
	Type         string `json:"type"`
	Index        int    `json:"index"`
	ContentBlock any    `json:"content_block"`
}

// wireBlockDelta is typed by its delta, so that a frame boxes one value.
type wireBlockDelta[D any] struct {
	Type  string `json:"type"`
	Index int    `json:"index"`
	Delta D      `json:"delta"`
}

// The deltas of each kind.
type (
	wireTextDelta struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	wireThinkingDelta struct {
		Type     string `json:"type"`
		Thinking string `json:"thinking"`
	}
	wireInputDelta struct {
		Type        string `json:"type"`
		PartialJSON string `json:"partial_json"`
	}
	wireSignatureDelta struct {
		Type      string `json:"type"`
		Signature string `json:"signature"`
	}
)

type wireBlockStop struct {
	Type  string `json:"type"`
	Index int    `json:"index"`
}

type wireMessageDelta struct {
	Type  string        `json:"type"`
	Delta wireStopDelta `json:"delta"`
	Usage wireUsage     `json:"usage"`
}

type wireStopDelta struct {
	StopReason   *string `json:"stop_reason"`
	StopSequence *string `json:"stop_sequence"`
}

type wireType struct {
	Type string `json:"type"`
}

// The opening states of content blocks in content_block_start.
type (
	wireTextStart struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	wireThinkingStart struct {
		Type      string `json:"type"`
		Thinking  string `json:"thinking"`
		Signature string `json:"signature"`
	}
	wireRedactedStart struct {
		Type string `json:"type"`
		Data string `json:"data"`
	}
	wireToolUseStart struct {
		Type  string   `json:"type"`
		ID    string   `json:"id"`
		Name  string   `json:"name"`
		Input struct{} `json:"input"`
	}
)

// streamPayload returns the stream_event payload for a streaming event;
// ok is false for other events and for deltas of an unknown kind.
func streamPayload(ev event.Event) (any, bool) {
	switch ev := ev.(type) {
	case event.MessageStart:
		return wireMessageStart{Type: string(provider.EventMessageStart), Message: wireMessage{
			ID: ev.MessageID, Type: "message", Role: provider.RoleAssistant, Model: ev.Model,
			Content: []provider.Block{}, Usage: streamUsage(ev.Usage)}}, true
	case event.BlockStart:
		return wireBlockStart{Type: string(provider.EventBlockStart), Index: ev.Index, ContentBlock: openingBlock(ev)}, true
	case event.Delta:
		return wireDelta(ev)
	case event.BlockStop:
		return wireBlockStop{Type: string(provider.EventBlockStop), Index: ev.Index}, true
	case event.MessageDelta:
		return wireMessageDelta{Type: string(provider.EventMessageDelta),
			Delta: wireStopDelta{StopReason: orNull(ev.StopReason), StopSequence: orNull(ev.StopSequence)},
			Usage: streamUsage(ev.Usage)}, true
	case event.MessageStop:
		return wireType{Type: string(provider.EventMessageStop)}, true
	}
	return nil, false
}

// wireDelta is a content_block_delta payload; ok is false for an unknown
// kind.
func wireDelta(ev event.Delta) (any, bool) {
	const t = string(provider.EventBlockDelta)
	switch ev.Kind {
	case event.KindText:
		return wireBlockDelta[wireTextDelta]{t, ev.Index, wireTextDelta{provider.DeltaText, ev.Text}}, true
	case event.KindThinking:
		return wireBlockDelta[wireThinkingDelta]{t, ev.Index, wireThinkingDelta{provider.DeltaThinking, ev.Text}}, true
	case event.KindToolInput:
		return wireBlockDelta[wireInputDelta]{t, ev.Index, wireInputDelta{provider.DeltaInputJSON, ev.Text}}, true
	case event.KindSignature:
		return wireBlockDelta[wireSignatureDelta]{t, ev.Index, wireSignatureDelta{provider.DeltaSignature, ev.Text}}, true
	}
	return nil, false
}

func openingBlock(ev event.BlockStart) any {
	t := string(ev.Type)
	switch ev.Type {
	case provider.BlockText:
		return wireTextStart{Type: t, Text: ev.Text}
	case provider.BlockThinking:
		return wireThinkingStart{Type: t, Thinking: ev.Text}
	case provider.BlockRedactedThinking:
		return wireRedactedStart{Type: t, Data: ev.Data}
	case provider.BlockToolUse:
		return wireToolUseStart{Type: t, ID: ev.ToolUseID, Name: ev.ToolName}
	}
	return wireType{Type: t}
}

func streamUsage(u provider.Usage) wireUsage {
	w := wireUsage{InputTokens: u.InputTokens, CacheCreationInputTokens: u.CacheCreationInputTokens,
		CacheReadInputTokens: u.CacheReadInputTokens, OutputTokens: u.OutputTokens}
	if u.CacheCreation5m+u.CacheCreation1h > 0 {
		c := cacheCreation(u)
		w.CacheCreation = &c
	}
	if u.WebSearchRequests+u.WebFetchRequests > 0 {
		w.ServerToolUse = &ServerToolUse{WebSearchRequests: u.WebSearchRequests, WebFetchRequests: u.WebFetchRequests}
	}
	return w
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
