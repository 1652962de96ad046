package providertest

import (
	"encoding/base64"
	"encoding/json"
	"unicode/utf8"

	"corvid/internal/provider"
)

// defaultSignature stands in for the opaque signature the real API puts on
// every thinking block.
var defaultSignature = base64.StdEncoding.EncodeToString([]byte("providertest thinking signature"))

type wireBlockEvent struct {
	Type  string          `json:"type"`
	Index int             `json:"index"`
	Block provider.Block  `json:"content_block,omitzero"`
	Delta json.RawMessage `json:"delta,omitempty"`
}

// blockEvents is content_block_start, the deltas and content_block_stop of
// block b at index i.
func blockEvents(i int, b Block, id string, size int) []sseEvent {
	var open provider.Block
	var deltas []json.RawMessage
	switch b.Type {
	case "text":
		open = provider.TextBlock("")
		deltas = chunkDeltas("text_delta", "text", b.Text, size)
	case "thinking":
		open = provider.Block{Type: provider.BlockThinking}
		deltas = chunkDeltas("thinking_delta", "thinking", b.Thinking, size)
		deltas = append(deltas, deltaJSON("signature_delta", "signature", b.signature()))
	case "redacted_thinking":
		open = provider.Block{Type: provider.BlockRedactedThinking, Data: b.Data}
	case "tool_use":
		open = provider.Block{Type: provider.BlockToolUse, ID: id, Name: b.Name, Input: json.RawMessage(`{}`)}
		// The real API opens every tool input with an empty fragment.
		deltas = append([]json.RawMessage{deltaJSON("input_json_delta", "partial_json", "")},
			chunkDeltas("input_json_delta", "partial_json", toolInput(b.Input), size)...)
	}
	evs := []sseEvent{blockEvent("content_block_start", wireBlockEvent{Type: "content_block_start", Index: i, Block: open})}
	for _, d := range deltas {
		evs = append(evs, blockEvent("content_block_delta", wireBlockEvent{Type: "content_block_delta", Index: i, Delta: d}))
	}
	return append(evs, blockEvent("content_block_stop", wireBlockEvent{Type: "content_block_stop", Index: i}))
}

func blockEvent(name string, w wireBlockEvent) sseEvent {
	return sseEvent{name: name, index: w.Index, data: encode(w)}
}

func (b Block) signature() string {
	if b.Signature != "" {
		return b.Signature
	}
	return defaultSignature
}

// chunkDeltas splits s into deltas of at most size bytes each.
func chunkDeltas(typ, key, s string, size int) []json.RawMessage {
	var out []json.RawMessage
	for _, c := range chunks(s, size) {
		out = append(out, deltaJSON(typ, key, c))
	}
	return out
}

// deltaJSON is {"type":typ,key:val}, type first as the API writes it.
func deltaJSON(typ, key, val string) json.RawMessage {
	return json.RawMessage(`{"type":` + string(encode(typ)) + `,` + string(encode(key)) + `:` + string(encode(val)) + `}`)
}

// chunks splits s into pieces of at most size bytes without splitting a
// UTF-8 sequence (a rune longer than size gets a piece of its own).
func chunks(s string, size int) []string {
	var out []string
	for len(s) > 0 {
		n := min(size, len(s))
		for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
			n--
		}
		if n == 0 {
			_, n = utf8.DecodeRuneInString(s)
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}
