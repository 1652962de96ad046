package session

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"corvid/internal/provider"
)

// base returns a body with the envelope fields shared by every entry.
func (w *Writer) base(typ string) body {
	return body{IsSidechain: w.meta.Sidechain, AgentID: w.meta.AgentID, UserType: "external", Cwd: w.meta.Cwd, SessionID: w.meta.SessionID,
		Version: w.meta.Version, GitBranch: w.meta.GitBranch, Entrypoint: w.meta.Entrypoint,
		Type: typ}
}

// encode marshals b (outside the lock) and writes it. The message and
// the structured tool output are encoded on their own and spliced in:
// left to encoding/json as nested values, they would be re-scanned.
func (w *Writer) encode(b body, l link) (string, error) {
	data, err := provider.Marshal(b)
	if err == nil && b.Message != nil {
		data, err = splice(data, `"message"`, b.Message)
	}
	if err == nil && b.ToolUseResult != nil {
		data, err = splice(data, `"toolUseResult"`, b.ToolUseResult)
	}
	if err != nil {
		return "", fmt.Errorf("session: encode entry: %w", err)
	}
	return w.write(data, l)
}

// splice adds key: v at the end of the encoded object obj. A
// json.RawMessage is taken as it is.
func splice(obj []byte, key string, v any) ([]byte, error) {
	raw, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = provider.Marshal(v); err != nil {
			return nil, err
		}
	}
	out := make([]byte, 0, len(obj)+len(key)+len(raw)+2)
	out = append(out, obj[:len(obj)-1]...)
	out = append(out, ',')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, raw...)
	return append(out, '}'), nil
}

// User records user-role blocks: a prompt, injected text (o.IsMeta), a
// compaction summary (o.IsCompactSummary). It returns the entry's uuid.
func (w *Writer) User(blocks []provider.Block, o UserOptions) (string, error) {
	b := w.base(typeUser)
	b.Message = provider.Message{Role: provider.RoleUser, Content: blocks}
	b.IsMeta, b.IsCompactSummary = o.IsMeta, o.IsCompactSummary
	b.PermissionMode, b.PromptID = o.PermissionMode, o.PromptID
	return w.encode(b, linkChain)
}

// ToolResult records one tool_result block with the tool's structured
// output (any JSON-encodable value; nil for none) and the uuid of the
// assistant entry holding the tool_use. A structured output that cannot
// be encoded is left out; the result block is still recorded.
func (w *Writer) ToolResult(res provider.Block, structured any, sourceAssistantUUID string) (string, error) {
	b := w.base(typeUser)
	b.Message = provider.Message{Role: provider.RoleUser, Content: []provider.Block{res}}
	b.SourceToolAssistantUUID = sourceAssistantUUID
	if structured != nil {
		if raw, err := provider.Marshal(structured); err == nil {
			b.ToolUseResult = raw
		}
	}
	return w.encode(b, linkChain)
}

// Assistant records one closed block of a response.
func (w *Writer) Assistant(a AssistantEntry) (string, error) {
	m := assistantMessage{ID: a.MessageID, Type: "message", Role: provider.RoleAssistant,
		Model: a.Model, Content: [1]provider.Block{a.Block}, Usage: a.Usage}
	if a.StopReason != "" {
		m.StopReason = &a.StopReason
	}
	b := w.base(typeAssistant)
	b.Message, b.RequestID = m, a.RequestID
	if a.APIError {
		m.Model = syntheticModel
		b.Message, b.IsAPIErrorMessage = m, true
	}
	return w.encode(b, linkChain)
}

// System records a notice that is not part of the model's view.
func (w *Writer) System(subtype, content string) (string, error) {
	b := w.base(typeSystem)
	b.Subtype, b.Content, b.Level = subtype, content, "info"
	return w.encode(b, linkChain)
}

// CompactBoundary records that the history was compacted: the boundary
// starts a new chain (parentUuid null) and points back to the old one
// through logicalParentUuid. trigger is "auto" or "manual".
func (w *Writer) CompactBoundary(trigger string, preTokens int) (string, error) {
	b := w.base(typeSystem)
	b.Subtype, b.Content, b.Level = "compact_boundary", "Conversation compacted", "info"
	b.CompactMetadata = &compactMetadata{Trigger: trigger, PreTokens: preTokens}
	return w.encode(b, linkBoundary)
}

// CostState records the cost tracker's state (any JSON-encodable value).
// It is not part of the chain; the last one in the file wins on load.
func (w *Writer) CostState(state any) error {
	data, err := provider.Marshal(costEntry{Type: typeCostState, SessionID: w.meta.SessionID, CostState: state})
	if err != nil {
		return fmt.Errorf("session: encode cost state: %w", err)
	}
	_, err = w.write(data, linkNone)
	return err
}

// WriteMessages records a whole history (a fork, the tail kept after a
// compaction): each user message as one entry, each assistant message as
// one entry per block sharing a fresh message id. It stops at the first
// failure.
func (w *Writer) WriteMessages(msgs []provider.Message, model string) error {
	for _, m := range msgs {
		if len(m.Content) == 0 {
			continue
		}
		if m.Role != provider.RoleAssistant {
			if _, err := w.User(m.Content, UserOptions{}); err != nil {
				return err
			}
			continue
		}
		id := newMessageID()
		for _, blk := range m.Content {
			if _, err := w.Assistant(AssistantEntry{MessageID: id, Model: model, Block: blk}); err != nil {
				return err
			}
		}
	}
	return nil
}

// newMessageID returns a fresh "msg_…" id for re-recorded messages.
func newMessageID() string {
	return "msg_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}
