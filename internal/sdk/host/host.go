package host

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"corvid/internal/event"
	"corvid/internal/hook"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// Host is one run of the front end.
type Host struct {
	opts Options
	out  *writer
	box  *outbox
	mcp  *bridge // the host's in-process MCP servers
	// openMu is held while the conversation opens (h.mu is not: the
	// input is read meanwhile, so the host's answers to the requests
	// opening sends, such as its MCP servers' handshakes, arrive).
	openMu sync.Mutex
	// ctl are the goroutines answering initialize.
	ctl sync.WaitGroup

	mu      sync.Mutex
	init    *initRequest
	conv    Conversation
	openErr error
	queue   []queued
	carry   []provider.Block // shouldQuery:false messages, for the next turn
	// carryEchoes are the carried messages' replays.
	carryEchoes []echo
	eof         bool
	gone        bool          // the output broke: run nothing more
	wake        chan struct{} // signalled when queue or eof change
	usage       provider.Usage
	openMode    permission.Mode // the mode the conversation opened with
	echoes      []echo          // the starting turn's messages, to replay after its init
	current     string          // the session state: idle, running, requires_action
	turnMarks   []turnMark      // the turns run, for rewind_files (rewindfiles.go)
	inFlight    chan struct{}   // closed when the running turn returns (settle.go)
	resultOut   bool            // the running turn's result frame was written
	// turnGate is held while a turn runs: what reads the conversation's
	// history from the input loop takes it (contextusage.go).
	turnGate sync.Mutex
	// tail closes once the latest control request waiting off the input
	// loop was answered (initialize and those after it): no turn starts
	// before, as Claude Code answers them first.
	tail chan struct{}
}

// queued is a user message waiting for its turn.
type queued struct {
	uuid   string
	blocks []provider.Block
	echoes []echo // for --replay-user-messages
}

// Run serves the host until its input ends and every queued message has
// had its turn, then closes the conversation. It returns the last turn's
// result. The error is for a conversation that could not be opened (its
// result frame was written) or for output that could not be written.
func Run(ctx context.Context, opts Options) (event.Result, error) {
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	if opts.In == nil {
		opts.In = strings.NewReader("")
	}
	h := &Host{opts: opts, wake: make(chan struct{}, 1), current: stateIdle}
	h.out = newWriter(opts.Out, opts.Render, h.hostGone)
	h.box = newOutbox(h.out)
	h.mcp = newBridge(h.box)
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		h.read(ctx)
	}()
	res, err := h.turns(ctx)
	h.ctl.Wait()
	h.closeConversation()
	if err == nil {
		err = h.out.Err()
	}
	if !h.isGone() { // a dead host's input may never end: do not wait for it
		select {
		case <-readDone:
		case <-ctx.Done():
		}
	}
	return res, err
}

// turns runs queued messages one turn at a time until the input ended
// and the queue is empty.
func (h *Host) turns(ctx context.Context) (event.Result, error) {
	var last event.Result
	for {
		q, ok := h.next(ctx)
		if !ok {
			return last, nil
		}
		conv, err := h.conversation(ctx)
		if err != nil {
			return h.failed(err), err
		}
		h.mu.Lock()
		tail := h.tail
		h.mu.Unlock()
		if tail != nil {
			<-tail
		}
		h.mu.Lock()
		h.echoes = q.echoes
		h.mu.Unlock()
		h.state(stateRunning)
		h.noteTurn(conv, q.uuid)
		done := h.turnStarted()
		h.turnGate.Lock()
		last = conv.Submit(ctx, q.blocks)
		h.turnGate.Unlock()
		h.turnEnded(done)
		h.replay(conv.Info().SessionID) // a turn that wrote no init
		h.state(stateIdle)
	}
}

// next waits for the next queued message; false when there is none and
// the input ended (or ctx did).
func (h *Host) next(ctx context.Context) (queued, bool) {
	for {
		h.mu.Lock()
		if len(h.queue) > 0 && !h.gone {
			q := h.queue[0]
			h.queue = h.queue[1:]
			if len(h.carry) > 0 {
				q.blocks = append(h.carry, q.blocks...)
				q.echoes = append(h.carryEchoes, q.echoes...)
				h.carry, h.carryEchoes = nil, nil
			}
			h.mu.Unlock()
			return q, true
		}
		eof := h.eof
		h.mu.Unlock()
		if eof || h.isGone() {
			return queued{}, false
		}
		select {
		case <-h.wake:
		case <-ctx.Done():
			return queued{}, false
		}
	}
}

// hostGone stops everything when the output breaks (the host died):
// the running turn is interrupted, so its tools stop and its transcript
// is completed, and queued messages are dropped.
func (h *Host) hostGone() {
	h.mu.Lock()
	h.gone, h.queue = true, nil
	conv := h.conv
	h.mu.Unlock()
	h.warnf("the SDK host stopped reading; interrupting")
	if conv != nil {
		conv.Interrupt()
	}
	h.signal()
}

func (h *Host) isGone() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gone
}

func (h *Host) signal() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// conversation opens the conversation on first use.
func (h *Host) conversation(ctx context.Context) (Conversation, error) {
	h.openMu.Lock()
	defer h.openMu.Unlock()
	return h.openLocked(ctx)
}

// openLocked opens the conversation unless it is open; the caller holds
// openMu.
func (h *Host) openLocked(ctx context.Context) (Conversation, error) {
	h.mu.Lock()
	if h.conv != nil || h.openErr != nil {
		defer h.mu.Unlock()
		return h.conv, h.openErr
	}
	s := h.setup()
	h.mu.Unlock()
	conv, err := h.opts.Open(ctx, s)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.conv, h.openErr = conv, err
	if conv != nil {
		h.openMode = permission.Mode(conv.Info().PermissionMode)
	}
	return conv, err
}

// setup is what the conversation opens with; the caller holds h.mu.
func (h *Host) setup() Setup {
	s := Setup{Sink: h.publish, MCP: h.mcp}
	if h.opts.PromptTool {
		s.Asker = asker{box: h.box, state: h.state}
	}
	if h.init != nil {
		s.SDKMCPServers = h.init.SDKMCPServers
		s.SystemPrompt, s.HasSystemPrompt = h.init.systemPrompt()
		if h.init.AppendSystemPrompt != nil {
			s.AppendSystemPrompt = *h.init.AppendSystemPrompt
		}
		if len(h.init.JSONSchema) > 0 && string(h.init.JSONSchema) != "null" {
			s.JSONSchema = h.init.JSONSchema
		}
		if len(h.init.Agents) > 0 {
			s.AgentsJSON = string(h.init.agentsJSON)
		}
		if m := h.init.matchers(); m != nil {
			s.Hooks = hook.New(hookRunner{box: h.box}, m, h.hookCommon)
		}
	}
	return s
}

// hookCommon describes the session to hooks.
func (h *Host) hookCommon() hook.Common {
	h.mu.Lock()
	c := h.conv
	h.mu.Unlock()
	if c == nil {
		return hook.Common{}
	}
	in := c.Info()
	common := hook.Common{SessionID: in.SessionID, Cwd: in.Cwd, PermissionMode: in.PermissionMode}
	if t, ok := c.(interface{ TranscriptPath() string }); ok {
		common.TranscriptPath = t.TranscriptPath()
	}
	return common
}

// publish is the conversation's sink: frames out, and the context size
// noted for get_context_usage.
func (h *Host) publish(ev event.Event) {
	if event.Nested(ev) {
		h.out.publish(ev) // a sub-agent's frames; its usage and init are its own
		return
	}
	if a, ok := ev.(event.Assistant); ok {
		h.mu.Lock()
		h.usage = a.Usage
		h.mu.Unlock()
	}
	h.noteResult(ev)
	h.out.publish(ev)
	if in, ok := ev.(event.Init); ok {
		h.replay(in.SessionID)
	}
}

// failed reports a conversation that could not open as a result frame.
func (h *Host) failed(err error) event.Result {
	res := event.Result{Subtype: event.SubtypeDuringExecution, IsError: true,
		Errors: []string{err.Error()}, TerminalReason: "startup_failure"}
	h.out.publish(res)
	return res
}

func (h *Host) closeConversation() {
	h.mu.Lock()
	c := h.conv
	h.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

func (h *Host) warnf(format string, args ...any) {
	if h.opts.Stderr != nil {
		fmt.Fprintf(h.opts.Stderr, "corvid: "+format+"\n", args...)
	}
}

// respond answers a host's request.
func (h *Host) respond(id string, body any, err error) {
	r := responseBody{Subtype: "success", RequestID: id}
	if err != nil {
		r.Subtype, r.Error = "error", err.Error()
	} else {
		if body == nil {
			body = struct{}{}
		}
		data, mErr := provider.Marshal(body)
		if mErr != nil {
			r.Subtype, r.Error = "error", mErr.Error()
		} else {
			r.Response = json.RawMessage(data)
		}
	}
	h.out.frame(controlResponse{Type: typeControlResponse, Response: r})
}
