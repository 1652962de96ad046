package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// maxBlockBytes caps one block's accumulated text or tool input.
const maxBlockBytes = 32 << 20

// Assembler builds the assistant message from streamed events. Feed it
// every event in order; on content_block_stop it returns the finished block.
type Assembler struct {
	msg        Message
	id, model  string
	stopReason string
	usage      Usage
	open       map[int]*openBlock
	done       bool
	maxBytes   int // per-block cap; maxBlockBytes unless a test lowers it
}

type openBlock struct {
	block Block
	buf   bytes.Buffer // text, thinking or partial JSON
	sig   bytes.Buffer
}

// InvalidInputError reports a tool_use whose streamed input is not a JSON
// object (a truncated response, or a malformed one). The block keeps an
// empty object as its input so the conversation stays valid.
type InvalidInputError struct {
	ToolUseID string
	Raw       string
	Err       error
}

func (e *InvalidInputError) Error() string {
	return fmt.Sprintf("tool_use %s: input is not a JSON object: %v", e.ToolUseID, e.Err)
}

func (e *InvalidInputError) Unwrap() error { return e.Err }

// NewAssembler returns an empty assembler.
func NewAssembler() *Assembler {
	return &Assembler{msg: Message{Role: RoleAssistant}, open: map[int]*openBlock{},
		maxBytes: maxBlockBytes}
}

// Add folds ev into the message. For content_block_stop it returns the
// finished block (done=true); a tool_use whose input is invalid is returned
// together with an *InvalidInputError.
func (a *Assembler) Add(ev Event) (b Block, done bool, err error) {
	switch ev.Type {
	case EventMessageStart:
		a.id, a.model = ev.MessageID, ev.Model
		a.usage = a.usage.Merge(ev.Usage)
	case EventBlockStart:
		ob := &openBlock{}
		if ev.Block != nil {
			ob.block = *ev.Block
			ob.buf.WriteString(ev.Block.Text + ev.Block.Thinking)
		}
		a.open[ev.Index] = ob
	case EventBlockDelta:
		ob := a.open[ev.Index]
		if ob == nil {
			return Block{}, false, fmt.Errorf("provider: delta for unopened block %d", ev.Index)
		}
		buf := &ob.buf
		if ev.Delta.Type == DeltaSignature {
			buf = &ob.sig
		}
		if buf.Len()+len(ev.Delta.Text) > a.maxBytes {
			return Block{}, false, fmt.Errorf("provider: block %d exceeds %d bytes", ev.Index, a.maxBytes)
		}
		buf.WriteString(ev.Delta.Text)
	case EventBlockStop:
		ob := a.open[ev.Index]
		if ob == nil {
			return Block{}, false, fmt.Errorf("provider: stop for unopened block %d", ev.Index)
		}
		delete(a.open, ev.Index)
		b, err = ob.finish()
		a.msg.Content = append(a.msg.Content, b)
		return b, true, err
	case EventMessageDelta:
		if ev.StopReason != "" {
			a.stopReason = ev.StopReason
		}
		a.usage = a.usage.Merge(ev.Usage)
	case EventMessageStop:
		a.done = true
	}
	return Block{}, false, nil
}

func (ob *openBlock) finish() (Block, error) {
	b := ob.block
	switch b.Type {
	case BlockText:
		b.Text = ob.buf.String()
	case BlockThinking:
		b.Thinking = ob.buf.String()
		if ob.sig.Len() > 0 {
			b.Signature = ob.sig.String()
		}
	case BlockToolUse:
		raw := bytes.TrimSpace(ob.buf.Bytes())
		if len(raw) == 0 {
			// Tools with no parameters stream no input at all.
			if len(b.Input) == 0 || string(b.Input) == "null" {
				b.Input = json.RawMessage(`{}`)
			}
			return b, nil
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
			if err == nil {
				err = fmt.Errorf("input is null")
			}
			b.Input = json.RawMessage(`{}`)
			return b, &InvalidInputError{ToolUseID: b.ID, Raw: string(raw), Err: err}
		}
		b.Input = json.RawMessage(bytes.Clone(raw))
	}
	return b, nil
}

// Message returns the message assembled so far: finished blocks only.
func (a *Assembler) Message() Message { return a.msg }

// ID is the message id from message_start.
func (a *Assembler) ID() string { return a.id }

// Model is the model that answered.
func (a *Assembler) Model() string { return a.model }

// StopReason is the stop reason from message_delta ("" until it arrives).
func (a *Assembler) StopReason() string { return a.stopReason }

// Usage is the usage reported so far.
func (a *Assembler) Usage() Usage { return a.usage }

// Done reports whether message_stop arrived.
func (a *Assembler) Done() bool { return a.done }
