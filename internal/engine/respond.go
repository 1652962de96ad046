package engine

import (
	"context"
	"errors"
	"time"

	"corvid/internal/event"
	"corvid/internal/executor"
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
	// streamDone is false when an interrupt cut the stream itself; the
	// text that had streamed of the blocks still open is then in partial.
	streamDone bool
	partial    []provider.Block
	id, model  string
	usage      provider.Usage
}

// respond streams one response, running its tools through an executor as
// their blocks close, and collects the results in order.
func (e *Engine) respond(ctx context.Context, r *run) response {
	tools := e.deps.Tools.Snapshot()
	e.tools.Store(tools)
	req := e.request(r, tools)
	tev := newToolEvents(e)
	exec := executor.New(ctx, executor.Config{Tools: tools, Pipeline: e.pipeline, Env: e.env,
		MaxConcurrency: r.pol.MaxConcurrency, CancelTurn: r.cancel, Hard: r.hard, OnRunning: tev.onRunning})
	s := &streamer{e: e, pol: &r.pol, exec: exec, asm: provider.NewAssembler(), tools: tev}
	mark := e.rec.Mark()
	if r.pol.PartialMessages {
		e.publish(event.Status{Status: event.StatusRequesting})
	}
	start := time.Now()
	s.stream(ctx, req, r)
	e.costs.AddAPIDuration(time.Since(start), s.lastAttempt)
	if s.started {
		e.costs.Add(r.model.ID, s.asm.Usage())
		e.lastUsage = s.asm.Usage()
	}
	// A stream whose message_stop arrived is whole even when an interrupt
	// came before the connection closed.
	out := response{msg: s.asm.Message(), stop: s.asm.StopReason(), streamDone: s.err == nil || s.asm.Done(),
		id: s.asm.ID(), model: s.asm.Model(), usage: s.asm.Usage()}
	if !out.streamDone && ctx.Err() != nil {
		out.partial = s.asm.PartialText()
	}
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

// request builds one request offering the tools of a snapshot.
func (e *Engine) request(r *run, tools *tool.Registry) *provider.Request {
	maxTokens := r.pol.MaxTokens
	if maxTokens <= 0 {
		maxTokens = r.model.MaxOutput
	}
	req := &provider.Request{Model: r.model.ID, MaxTokens: maxTokens, Tools: tools.Defs(),
		Messages: e.messages, SessionID: e.state.SessionID, LongContext: r.model.LongContext}
	for _, s := range e.state.System {
		req.System = append(req.System, provider.TextBlock(s))
	}
	req.Cache = !r.pol.NoPromptCache
	req.Reasoning = r.pol.reasoning()
	return req
}

// streamer consumes one stream.
type streamer struct {
	e           *Engine
	pol         *Policy
	exec        *executor.Executor
	asm         *provider.Assembler
	tools       *toolEvents
	batched     []executor.Call
	results     []provider.Block
	started     bool
	err         *provider.APIError
	lastAttempt time.Duration
}

func (s *streamer) stream(ctx context.Context, req *provider.Request, r *run) {
	pol := s.pol.Retry
	if len(r.fallbacks) > 0 {
		pol.OverloadLimit = 3
	}
	attempt := time.Now()
	for ev, err := range provider.StreamWithRetry(ctx, s.e.deps.Provider, req, pol) {
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
	// As in Claude Code, a block's assistant frame comes before its
	// content_block_stop event, and pings are not forwarded.
	s.publishPartial(ev)
	b, done, err := s.asm.Add(ev)
	var bad *provider.InvalidInputError
	if err != nil && !errors.As(err, &bad) {
		return err
	}
	if done {
		// The frame shows the schema defaults; the transcript keeps the
		// conversation as it is, so a resume sends what was sent.
		s.e.publish(event.Assistant{UUID: newUUID(), MessageID: s.asm.ID(), Model: s.asm.Model(),
			Block: s.e.withDefaults(b), Usage: s.asm.Usage()})
		s.e.rec.Assistant(AssistantBlock{MessageID: s.asm.ID(), Model: s.asm.Model(), Block: b, Usage: s.asm.Usage()})
	}
	if done {
		s.publishStop(ev, b)
	}
	if !done {
		return nil
	}
	if b.Type != provider.BlockToolUse {
		return nil
	}
	c := executor.Call{ID: b.ID, Name: b.Name, Input: b.Input}
	s.tools.started(c)
	if !s.e.readOnly(b) && !s.e.durable() {
		s.handle(refused(c, s.e.rec.Err()))
		return nil
	}
	if bad != nil {
		c.InputErr = bad
	}
	if s.pol.BatchTools {
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
	s.tools.finished(u)
	s.e.costs.AddToolDuration(u.Elapsed)
	s.e.costs.AddLines(u.Result.LinesAdded, u.Result.LinesRemoved)
	b := resultBlock(u.Call.ID, u.Result)
	s.results = append(s.results, b)
	structured := u.Result.Structured
	if structured == nil {
		structured = u.Result.TextOf()
	}
	if s.e.denied(u.Call.ID) {
		s.e.publish(event.PermissionDenied{ToolName: u.Call.Name, ToolUseID: u.Call.ID,
			Message: u.Result.TextOf()})
	}
	s.e.rec.ToolResult(b, structured)
	s.e.publish(event.ToolResult{UUID: newUUID(), ToolUseID: u.Call.ID, Block: b, Structured: structured})
}

func resultBlock(id string, r *tool.Result) provider.Block {
	content := r.Content
	if len(content) == 0 {
		content = []provider.Block{provider.TextBlock("(no output)")}
	}
	return provider.Block{Type: provider.BlockToolResult, ToolUseID: id, Content: content, IsError: r.IsError,
		ReportIsError: r.ReportIsError}
}

// readOnly reports whether a tool_use block asks for a call without side
// effects (an unknown tool has none: it is never run).
func (e *Engine) readOnly(b provider.Block) bool {
	t, ok := e.toolset().Lookup(b.Name)
	return !ok || t.IsReadOnly(b.Input)
}
