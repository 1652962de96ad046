package host

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// read reads the host's input until it ends, handling each line. When it
// ends, requests waiting for the host fail and the turn loop drains the
// queue and stops.
func (h *Host) read(ctx context.Context) {
	defer func() {
		h.box.close()
		h.mu.Lock()
		h.eof = true
		h.mu.Unlock()
		h.signal()
	}()
	br := bufio.NewReaderSize(h.opts.In, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br, h.opts.MaxLine)
		if errors.Is(err, ErrLineTooLong) {
			h.badInput(n, "line longer than %d bytes ignored", h.opts.MaxLine)
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			h.dispatch(ctx, n, line)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				h.warnf("reading input: %v", err)
			}
			return
		}
	}
}

// readLine reads one line of at most max bytes. A longer line is read to
// its end and dropped (ErrLineTooLong), so the next line is intact.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong && err == nil {
			return nil, ErrLineTooLong
		}
		return line, err
	}
}

// badInput reports an input line that was not acted on, on stderr and as
// an informational frame the host can see.
func (h *Host) badInput(n int, format string, args ...any) {
	msg := fmt.Sprintf("stream-json input line %d: ", n) + fmt.Sprintf(format, args...)
	h.warnf("%s", msg)
	h.out.publish(event.Notice{Text: msg})
}

// dispatch handles one input line.
func (h *Host) dispatch(ctx context.Context, n int, line []byte) {
	var env envelope
	if err := json.Unmarshal(line, &env); err != nil {
		h.badInput(n, "not a JSON message (%v); ignored", err)
		return
	}
	switch env.Type {
	case typeUser:
		h.user(n, env)
	case typeControlRequest:
		h.control(ctx, env)
	case typeControlResponse:
		if env.Response == nil {
			h.badInput(n, "control_response without a response; ignored")
			return
		}
		if err := h.box.deliver(*env.Response); err != nil {
			h.warnf("%v", err)
		}
	case typeControlCancel:
		h.box.cancel(env.RequestID)
	case typeKeepAlive:
	default:
		h.badInput(n, "unknown message type %q ignored", env.Type)
	}
}

// user queues a user message for its turn.
func (h *Host) user(n int, env envelope) {
	blocks, err := promptBlocks(env.Message)
	if err != nil {
		h.badInput(n, "user message ignored: %v", err)
		return
	}
	q := queued{uuid: env.UUID, blocks: blocks}
	if h.opts.ReplayUserMessages {
		q.echoes = []echo{echoOf(env)}
	}
	h.mu.Lock()
	switch {
	case env.ShouldQuery != nil && !*env.ShouldQuery:
		h.carry = append(h.carry, blocks...)
		h.carryEchoes = append(h.carryEchoes, q.echoes...)
	case env.Priority == "now":
		h.queue = append([]queued{q}, h.queue...)
	default:
		h.queue = append(h.queue, q)
	}
	conv := h.conv
	h.mu.Unlock()
	if env.Priority == "now" && conv != nil {
		conv.Interrupt()
	}
	h.signal()
}

// promptBlocks reads a user message's content: a string, or text, image
// and document blocks.
func promptBlocks(raw json.RawMessage) ([]provider.Block, error) {
	var m userMessage
	if err := json.Unmarshal(raw, &m); err != nil || len(m.Content) == 0 {
		return nil, fmt.Errorf("message has no content")
	}
	if m.Role != "" && m.Role != "user" {
		return nil, fmt.Errorf("message role is %q, want user", m.Role)
	}
	var text string
	if json.Unmarshal(m.Content, &text) == nil {
		return []provider.Block{provider.TextBlock(text)}, nil
	}
	var blocks []provider.Block
	if err := json.Unmarshal(m.Content, &blocks); err != nil {
		return nil, fmt.Errorf("content: %v", err)
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("content is empty")
	}
	for _, b := range blocks {
		switch b.Type {
		case provider.BlockText:
		case provider.BlockImage, provider.BlockDocument:
			if b.Source == nil {
				return nil, fmt.Errorf("%s block without a source", b.Type)
			}
		default:
			return nil, fmt.Errorf("content block of type %q is not accepted in a prompt", b.Type)
		}
	}
	return blocks, nil
}
