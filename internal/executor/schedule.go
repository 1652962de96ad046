package executor

import (
	"context"
	"errors"
	"time"

	"corvid/internal/tool"
)

type status int

const (
	statusQueued status = iota
	statusExecuting
	statusCompleted
	statusYielded
)

// tracked is one call's state. All fields are guarded by Executor.mu.
type tracked struct {
	call     Call
	tool     tool.Tool // nil for an unknown tool
	status   status
	safe     bool
	behavior tool.InterruptBehavior
	ran      bool // handed to the pipeline (never true for a synthetic result)
	result   *tool.Result
	progress []tool.Progress
	started  time.Time
	elapsed  time.Duration
	cancel   context.CancelCauseFunc
}

// processQueue starts every queued call the rules allow, in order.
func (e *Executor) processQueue() {
	for _, t := range e.calls {
		if t.status != statusQueued {
			continue
		}
		if e.canStart(t.safe) {
			e.start(t)
		} else if !t.safe {
			break // an exclusive call never jumps the queue
		}
	}
}

func (e *Executor) canStart(safe bool) bool {
	n, allSafe := 0, true
	for _, t := range e.calls {
		if t.status == statusExecuting {
			n++
			allSafe = allSafe && t.safe
		}
	}
	return n == 0 || (safe && allSafe && n < e.cfg.MaxConcurrency)
}

// start moves t to executing and runs it, or completes it at once with a
// synthetic result when the executor is already aborting.
func (e *Executor) start(t *tracked) {
	r := e.abortReason(t)
	t.status = statusExecuting
	t.started = time.Now()
	if r != abortNone {
		e.complete(t, e.synthetic(r), nil)
		return
	}
	t.ran = true
	ctx, cancel := context.WithCancelCause(e.sibCtx)
	t.cancel = cancel
	e.notifyRunning()
	call := tool.Call{ID: t.call.ID, Input: t.call.Input, Env: e.env,
		Progress: func(p tool.Progress) { e.addProgress(t, p) }}
	e.wg.Add(1)
	go e.run(ctx, t, call)
}

func (e *Executor) run(ctx context.Context, t *tracked, call tool.Call) {
	defer e.wg.Done()
	out := e.cfg.Pipeline.Run(ctx, t.tool, call, t.call.InputErr)
	t.cancel(context.Canceled)

	e.mu.Lock()
	defer e.mu.Unlock()
	res := out.Result
	if r := e.abortReason(t); r != abortNone {
		res = e.synthetic(r)
	} else if out.ranAndFailed() && t.tool.AbortsSiblingsOnError() {
		e.hasErrored = true
		e.erroredDesc = describe(t.call)
		e.sibCancel(ErrSiblingFailed)
	}
	if out.Interrupt && !e.discarded && e.cfg.CancelTurn != nil {
		e.cfg.CancelTurn(errors.New("tool call rejected by the user"))
	}
	e.complete(t, res, res.Modifier)
	e.processQueue()
}

// complete records t's result and applies its modifier if t is exclusive.
func (e *Executor) complete(t *tracked, res *tool.Result, mod func(tool.Env) tool.Env) {
	t.status = statusCompleted
	t.result = res
	t.elapsed = time.Since(t.started)
	if mod != nil && !t.safe {
		e.env = mod(e.env)
	}
	e.notifyRunning()
	e.signal()
}

func (e *Executor) addProgress(t *tracked, p tool.Progress) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t.status != statusExecuting {
		return // late progress after the result is dropped
	}
	t.progress = append(t.progress, p)
	e.signal()
}

// collect takes the progress reported since the last call, for every call
// whatever its state, then the results that may be yielded: strictly in
// arrival order, stopping at the first call still queued or executing.
func (e *Executor) collect() []Update {
	if e.discarded {
		return nil
	}
	var out []Update
	for _, t := range e.calls {
		for _, p := range t.progress {
			out = append(out, Update{Call: t.call, Progress: &p, Elapsed: time.Since(t.started)})
		}
		t.progress = nil
	}
	for _, t := range e.calls {
		if t.status == statusYielded {
			continue
		}
		if t.status != statusCompleted {
			break
		}
		t.status = statusYielded
		out = append(out, Update{Call: t.call, Result: t.result, Elapsed: t.elapsed})
	}
	return out
}

func (e *Executor) unfinished() bool {
	for _, t := range e.calls {
		if t.status == statusQueued || t.status == statusExecuting {
			return true
		}
	}
	return false
}

// onTurnDone runs when the turn's context ends: an interrupt cancels the
// calls that allow it; any other cause cancels every running call.
func (e *Executor) onTurnDone() {
	cause := context.Cause(e.turnCtx)
	soft := errors.Is(cause, ErrInterrupted)
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range e.calls {
		if t.status == statusExecuting && t.cancel != nil && (!soft || t.behavior == tool.Cancel) {
			t.cancel(cause)
		}
	}
	e.signal()
}

// onHardStop runs when the Hard context ends: every running call is
// cancelled, whatever its interrupt behaviour.
func (e *Executor) onHardStop() {
	cause := context.Cause(e.cfg.Hard)
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range e.calls {
		if t.status == statusExecuting && t.cancel != nil {
			t.cancel(cause)
		}
	}
	e.signal()
}

func (e *Executor) running() (ids []string, interruptible bool) {
	interruptible = true
	for _, t := range e.calls {
		if t.status == statusExecuting {
			ids = append(ids, t.call.ID)
			interruptible = interruptible && t.behavior == tool.Cancel
		}
	}
	return ids, interruptible && len(ids) > 0
}

func (e *Executor) notifyRunning() {
	if e.cfg.OnRunning != nil {
		e.cfg.OnRunning(e.running())
	}
}
