package providertest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"corvid/internal/provider"
)

// wireRequest is the part of a Messages-API request body the fake reads.
type wireRequest struct {
	Model     string             `json:"model"`
	MaxTokens int                `json:"max_tokens"`
	Stream    bool               `json:"stream"`
	System    json.RawMessage    `json:"system"`
	Tools     []provider.ToolDef `json:"tools"`
	Messages  []wireTurn         `json:"messages"`
	Thinking  *provider.Thinking `json:"thinking"`
}

type wireTurn struct {
	Role    provider.Role   `json:"role"`
	Content json.RawMessage `json:"content"`
}

// decodeBody decodes a request body into the fields of a Request; on
// failure only DecodeErr is set.
func decodeBody(body []byte) Request {
	var w wireRequest
	if err := json.Unmarshal(body, &w); err != nil {
		return Request{DecodeErr: fmt.Errorf("request body: %w", err)}
	}
	q := Request{Model: w.Model, MaxTokens: w.MaxTokens, Stream: w.Stream, Tools: w.Tools, Thinking: w.Thinking}
	var err error
	if q.System, err = decodeContent(w.System); err != nil {
		return Request{DecodeErr: fmt.Errorf("system: %w", err)}
	}
	for i, m := range w.Messages {
		content, err := decodeContent(m.Content)
		if err != nil {
			return Request{DecodeErr: fmt.Errorf("messages.%d.content: %w", i, err)}
		}
		q.Messages = append(q.Messages, provider.Message{Role: m.Role, Content: content})
	}
	return q
}

// decodeContent reads content in either API form: a plain string or an
// array of blocks. Missing or null content decodes to nil.
func decodeContent(raw json.RawMessage) ([]provider.Block, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []provider.Block{provider.TextBlock(s)}, nil
	}
	var blocks []provider.Block
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, err
	}
	return blocks, nil
}
