package engine

import (
	"context"
	"errors"
	"strings"
	"time"

	"corvid/internal/event"
	"corvid/internal/executor"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/tool"
)

// response is one model response and what its tools returned.
type response struct {
	msg     provider.Message
	stop    string
	results []provider.Block
	err     *provider.APIError
	// kept is set when the stream failed (err) after a call with side
	// effects started: msg holds the blocks that closed and results
	// answers each of their tool_use blocks.
	kept bool
	// streamDone is false when an interrupt cut the stream itself.
	streamDone bool
}

// respond streams one response, running its tools through an executor as
// their blocks close, and collects the results in order.
func (e *Engine) respond(ctx context.Context, r *run) response {
	req := e.request(r)
	exec := executor.New(ctx, executor.Config{Tools: e.cfg.Tools, Pipeline: e.pipeline, Env: e.env,
		MaxConcurrency: e.cfg.MaxConcurrency, CancelTurn: r.cancel, Hard: r.hard})
	s := &streamer{e: e, exec: exec, asm: provider.NewAssembler()}
	mark := e.rec.Mark()
	start := time.Now()
	s.stream(ctx, req, r)
	e.costs.AddAPIDuration(time.Since(start), s.lastAttempt)
	if s.started {
		e.costs.Add(r.model.ID, s.asm.Usage())
		e.lastUsage = s.asm.Usage()
	}
	out := response{msg: s.asm.Message(), stop: s.asm.StopReason(), streamDone: s.err == nil}
	if s.err != nil && ctx.Err() == nil {
		out.err = s.err
		if !exec.StreamFailed() {
			// Nothing with side effects ran: the partial response is
			// dropped and nothing of it enters the conversation.
			exec.Wait()
			e.rec.Rewind(mark)
			out.msg = provider.Message{}
			return out
		}
		// A call that has started is never started again: the closed
		// blocks stay as the response, which asked for tools.
		out.kept, out.stop, out.streamDone = true, provider.StopToolUse, true
	}
	for _, c := range s.batched {
		exec.Add(c)
	}
	for u := range exec.Remaining() {
		s.handle(u)
	}
	exec.Wait()
	e.env = exec.Env()
	out.results = s.results
	return out
}

func (e *Engine) request(r *run) *provider.Request {
	maxTokens := e.cfg.MaxTokens
	if maxTokens <= 0 {
		maxTokens = r.model.MaxOutput
	}
	req := &provider.Request{Model: r.model.ID, MaxTokens: maxTokens, Tools: e.cfg.Tools.Defs(),
		Messages: e.messages, Metadata: map[string]string{"user_id": e.cfg.SessionID}}
	for _, s := range e.cfg.System {
		req.System = append(req.System, provider.TextBlock(s))
	}
	req.Headers = betaHeaders(r.model)
	if n := e.MaxThinkingTokens(); n > 0 {
		req.Thinking = &provider.Thinking{Type: "enabled", BudgetTokens: min(n, maxTokens-1)}
	}
	if !e.cfg.NoPromptCache {
		placeBreakpoints(req)
	}
	return req
}

// streamer consumes one stream.
type streamer struct {
	e           *Engine
	exec        *executor.Executor
	asm         *provider.Assembler
	batched     []executor.Call
	results     []provider.Block
	started     bool
	err         *provider.APIError
	lastAttempt time.Duration
}

func (s *streamer) stream(ctx context.Context, req *provider.Request, r *run) {
	pol := s.e.cfg.Retry
	if len(r.fallbacks) > 0 {
		pol.OverloadLimit = 3
	}
	attempt := time.Now()
	for ev, err := range provider.StreamWithRetry(ctx, s.e.cfg.Provider, req, pol) {
		if err != nil {
			s.err = provider.AsAPIError(err)
			break
		}
		if ev.Type == provider.EventRetry {
			s.e.publish(retryEvent(ev.Retry))
			attempt = time.Now()
			continue
		}
		if err := s.event(ev); err != nil {
			s.err = &provider.APIError{Type: provider.ErrTypeMalformed, Err: err, MidStream: true}
			break
		}
		for _, u := range s.exec.Completed() {
			s.handle(u)
		}
	}
	s.lastAttempt = time.Since(attempt)
	if s.err == nil && !s.asm.Done() && ctx.Err() == nil {
		s.err = &provider.APIError{Type: provider.ErrTypeConnection, MidStream: s.started,
			Err: errors.New("the stream ended before message_stop")}
	}
}

// event folds one stream event in and hands finished tool_use blocks to
// the executor.
func (s *streamer) event(ev provider.Event) error {
	if ev.Type == provider.EventMessageStart {
		s.started = true
	}
	if s.e.cfg.PartialMessages && len(ev.Raw) > 0 {
		s.e.publish(event.Stream{Raw: ev.Raw})
	}
	b, done, err := s.asm.Add(ev)
	var bad *provider.InvalidInputError
	if err != nil && !errors.As(err, &bad) {
		return err
	}
	if !done {
		return nil
	}
	s.e.publish(event.Assistant{UUID: newUUID(), MessageID: s.asm.ID(), Model: s.asm.Model(),
		Block: b, Usage: s.asm.Usage()})
	s.e.rec.Assistant(AssistantBlock{MessageID: s.asm.ID(), Model: s.asm.Model(), Block: b, Usage: s.asm.Usage()})
	if b.Type != provider.BlockToolUse {
		return nil
	}
	c := executor.Call{ID: b.ID, Name: b.Name, Input: b.Input}
	if !s.e.readOnly(b) && !s.e.durable() {
		s.handle(refused(c, s.e.rec.Err()))
		return nil
	}
	if bad != nil {
		c.InputErr = bad
	}
	if s.e.cfg.BatchTools {
		s.batched = append(s.batched, c)
	} else {
		s.exec.Add(c)
	}
	return nil
}

// handle publishes an executor update and keeps the results.
func (s *streamer) handle(u executor.Update) {
	if u.Progress != nil {
		s.e.publish(event.ToolProgress{ToolUseID: u.Call.ID, ToolName: u.Call.Name,
			Progress: *u.Progress, Elapsed: u.Elapsed})
		return
	}
	s.e.costs.AddToolDuration(u.Elapsed)
	s.e.costs.AddLines(u.Result.LinesAdded, u.Result.LinesRemoved)
	b := resultBlock(u.Call.ID, u.Result)
	s.results = append(s.results, b)
	structured := u.Result.Structured
	if structured == nil {
		structured = u.Result.TextOf()
	}
	s.e.rec.ToolResult(b, structured)
	s.e.publish(event.ToolResult{UUID: newUUID(), ToolUseID: u.Call.ID, Block: b, Structured: structured})
}

func resultBlock(id string, r *tool.Result) provider.Block {
	content := r.Content
	if len(content) == 0 {
		content = []provider.Block{provider.TextBlock("(no output)")}
	}
	return provider.Block{Type: provider.BlockToolResult, ToolUseID: id, Content: content, IsError: r.IsError}
}

// readOnly reports whether a tool_use block asks for a call without side
// effects (an unknown tool has none: it is never run).
func (e *Engine) readOnly(b provider.Block) bool {
	t, ok := e.cfg.Tools.Lookup(b.Name)
	return !ok || t.IsReadOnly(b.Input)
}

// betaHeaders are the headers a request to m needs (nil for none).
func betaHeaders(m model.Info) map[string]string {
	if len(m.Betas) == 0 {
		return nil
	}
	return map[string]string{"anthropic-beta": strings.Join(m.Betas, ",")}
}
