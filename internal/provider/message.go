package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Role is who authored a message.
type Role string

// Message roles.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// BlockType names the kind of a content block, as the Messages API does.
type BlockType string

// Content block kinds corvid understands.
const (
	BlockText             BlockType = "text"
	BlockThinking         BlockType = "thinking"
	BlockRedactedThinking BlockType = "redacted_thinking"
	BlockToolUse          BlockType = "tool_use"
	BlockToolResult       BlockType = "tool_result"
	BlockImage            BlockType = "image"
	BlockDocument         BlockType = "document"
)

// Message is one turn of the conversation.
type Message struct {
	Role    Role    `json:"role"`
	Content []Block `json:"content"`
}

// MarshalJSON writes the message; empty content is written as [] (never
// null, which the API rejects).
func (m Message) MarshalJSON() ([]byte, error) {
	type plain Message
	if m.Content == nil {
		m.Content = []Block{}
	}
	return Marshal(plain(m))
}

// Block is one content block. Which fields are meaningful depends on Type;
// MarshalJSON writes exactly the fields of that type, so a Block marshals to
// the same JSON the Messages API accepts and returns.
type Block struct {
	Type BlockType

	// text
	Text string
	// thinking
	Thinking  string
	Signature string
	// redacted_thinking
	Data string

	// tool_use
	ID    string
	Name  string
	Input json.RawMessage

	// tool_result
	ToolUseID string
	Content   []Block
	IsError   bool
	// ReportIsError writes is_error even when it is false, as Claude Code
	// does on Bash results.
	ReportIsError bool

	// image, document
	Source *Source

	CacheControl *CacheControl
}

// Source is the payload of an image or document block.
type Source struct {
	Type      string `json:"type"` // "base64", "url", "text"
	MediaType string `json:"media_type,omitempty"`
	Data      string `json:"data,omitempty"`
	URL       string `json:"url,omitempty"`
}

// CacheControl marks a prompt-caching breakpoint.
type CacheControl struct {
	Type string `json:"type"` // "ephemeral"
	TTL  string `json:"ttl,omitempty"`
}

// TextBlock returns a text block.
func TextBlock(s string) Block { return Block{Type: BlockText, Text: s} }

// ToolResultBlock returns a tool_result block holding one text block.
func ToolResultBlock(toolUseID, text string, isError bool) Block {
	return Block{Type: BlockToolResult, ToolUseID: toolUseID, IsError: isError,
		Content: []Block{TextBlock(text)}}
}

// Text concatenates the text blocks of a message.
func (m Message) Text() string {
	var s string
	for _, b := range m.Content {
		if b.Type == BlockText {
			s += b.Text
		}
	}
	return s
}

// ToolUses returns the tool_use blocks of a message, in order.
func (m Message) ToolUses() []Block {
	var out []Block
	for _, b := range m.Content {
		if b.Type == BlockToolUse {
			out = append(out, b)
		}
	}
	return out
}

type textJSON struct {
	Type         BlockType     `json:"type"`
	Text         string        `json:"text"`
	CacheControl *CacheControl `json:"cache_control,omitempty"`
}

type thinkingJSON struct {
	Type      BlockType `json:"type"`
	Thinking  string    `json:"thinking"`
	Signature string    `json:"signature"`
}

type redactedJSON struct {
	Type BlockType `json:"type"`
	Data string    `json:"data"`
}

type toolUseJSON struct {
	Type         BlockType       `json:"type"`
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Input        json.RawMessage `json:"input"`
	CacheControl *CacheControl   `json:"cache_control,omitempty"`
}

type toolResultJSON struct {
	Type         BlockType     `json:"type"`
	ToolUseID    string        `json:"tool_use_id"`
	Content      any           `json:"content"` // string or []Block
	IsError      *bool         `json:"is_error,omitempty"`
	CacheControl *CacheControl `json:"cache_control,omitempty"`
}

type sourceJSON struct {
	Type         BlockType     `json:"type"`
	Source       *Source       `json:"source"`
	CacheControl *CacheControl `json:"cache_control,omitempty"`
}

// MarshalJSON writes the block in the Messages-API shape of its type.
func (b Block) MarshalJSON() ([]byte, error) {
	switch b.Type {
	case BlockText:
		return Marshal(textJSON{b.Type, b.Text, b.CacheControl})
	case BlockThinking:
		return Marshal(thinkingJSON{b.Type, b.Thinking, b.Signature})
	case BlockRedactedThinking:
		return Marshal(redactedJSON{b.Type, b.Data})
	case BlockToolUse:
		in := b.Input
		if len(in) == 0 || string(in) == "null" {
			in = json.RawMessage(`{}`)
		}
		return Marshal(toolUseJSON{b.Type, b.ID, b.Name, in, b.CacheControl})
	case BlockToolResult:
		return Marshal(toolResultJSON{b.Type, b.ToolUseID, resultContent(b.Content), isErrorField(b),
			b.CacheControl})
	case BlockImage, BlockDocument:
		return Marshal(sourceJSON{b.Type, b.Source, b.CacheControl})
	}
	return nil, fmt.Errorf("provider: cannot marshal block of type %q", b.Type)
}

// resultContent is a tool_result's content on the wire: a string when it
// is one plain text block (as Claude Code writes text-only results, and
// hosts test for), else the blocks, never null.
func resultContent(c []Block) any {
	if len(c) == 1 && c[0].Type == BlockText && c[0].CacheControl == nil {
		return c[0].Text
	}
	if c == nil {
		return []Block{}
	}
	return c
}

// isErrorField is a tool_result's is_error: written when true, or when
// the block asks for it to be reported.
func isErrorField(b Block) *bool {
	if !b.IsError && !b.ReportIsError {
		return nil
	}
	v := b.IsError
	return &v
}

// blockJSON is the union of every block's fields, for decoding.
type blockJSON struct {
	Type         BlockType       `json:"type"`
	Text         string          `json:"text"`
	Thinking     string          `json:"thinking"`
	Signature    string          `json:"signature"`
	Data         string          `json:"data"`
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Input        json.RawMessage `json:"input"`
	ToolUseID    string          `json:"tool_use_id"`
	Content      json.RawMessage `json:"content"`
	IsError      *bool           `json:"is_error"`
	Source       *Source         `json:"source"`
	CacheControl *CacheControl   `json:"cache_control"`
}

// UnmarshalJSON reads any block shape, including a tool_result whose content
// is a plain string (the API accepts both forms).
func (b *Block) UnmarshalJSON(data []byte) error {
	var j blockJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*b = Block{Type: j.Type, Text: j.Text, Thinking: j.Thinking, Signature: j.Signature,
		Data: j.Data, ID: j.ID, Name: j.Name, Input: j.Input, ToolUseID: j.ToolUseID,
		Source: j.Source, CacheControl: j.CacheControl}
	if j.IsError != nil {
		// An explicit false is kept, so it is written back.
		b.IsError, b.ReportIsError = *j.IsError, !*j.IsError
	}
	if len(j.Content) == 0 || string(j.Content) == "null" {
		return nil
	}
	if j.Content[0] == '"' {
		var s string
		if err := json.Unmarshal(j.Content, &s); err != nil {
			return err
		}
		if s != "" {
			// An empty string means no content: an empty text block would
			// be rejected by the API when the block is sent back.
			b.Content = []Block{TextBlock(s)}
		}
		return nil
	}
	return json.Unmarshal(j.Content, &b.Content)
}

// Marshal is json.Marshal without HTML escaping, as the API writes JSON:
// "<system-reminder>" stays as it is instead of becoming \u003c…. Blocks
// and messages marshal this way even inside an escaping encoder's output,
// so everything that writes corvid's JSON (requests, the fake API,
// stream-json frames) uses this one function.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
