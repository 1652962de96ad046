package executor

import (
	"context"
	"encoding/json"
	"iter"
	"sync"
	"time"

	"corvid/internal/tool"
)

// DefaultMaxConcurrency bounds how many concurrency-safe calls run at once.
const DefaultMaxConcurrency = 10

// Config configures an Executor.
type Config struct {
	Tools    *tool.Registry
	Pipeline *Pipeline
	// Env is the conversation state calls start with.
	Env tool.Env
	// MaxConcurrency caps parallel calls (default DefaultMaxConcurrency).
	MaxConcurrency int
	// Hard, when set, is the context whose end stops every running call,
	// even after a soft interrupt (ErrInterrupted) already ended the turn
	// context: the turn context is usually its child, and a second signal
	// cancels Hard.
	Hard context.Context
	// CancelTurn, when set, is called to end the turn when a call asks
	// for it (a rejected permission prompt), unless the executor was
	// discarded.
	CancelTurn context.CancelCauseFunc
	// OnRunning is told which calls are executing and whether all of them
	// may be cancelled by an interrupt, whenever that changes. It is called
	// with the executor's lock held and must not call back into it.
	OnRunning func(ids []string, interruptible bool)
}

// Call is one tool_use block handed to the executor.
type Call struct {
	ID    string
	Name  string
	Input json.RawMessage
	// InputErr is set when the streamed input was not a JSON object.
	InputErr error
}

// Update is one thing the executor yields: progress of a call, or its
// final result (exactly one per call).
type Update struct {
	Call     Call
	Progress *tool.Progress
	Result   *tool.Result
	// Elapsed is the call's run time so far (progress) or in all (result).
	Elapsed time.Duration
}

// Executor schedules the calls of one model response. Create one per
// response with New; Add each tool_use as its block closes; drain with
// Completed while the response streams and with Remaining after it ends.
type Executor struct {
	cfg     Config
	turnCtx context.Context

	sibCtx    context.Context
	sibCancel context.CancelCauseFunc
	stopWatch func() bool
	stopHard  func() bool

	mu          sync.Mutex
	calls       []*tracked
	env         tool.Env
	hasErrored  bool
	erroredDesc string
	discarded   bool
	cut         bool // the stream failed after a call with side effects started
	wake        chan struct{}
	wg          sync.WaitGroup
}

// New returns an executor whose calls run under turnCtx.
func New(turnCtx context.Context, cfg Config) *Executor {
	if cfg.MaxConcurrency <= 0 {
		cfg.MaxConcurrency = DefaultMaxConcurrency
	}
	if cfg.Pipeline == nil {
		cfg.Pipeline = &Pipeline{}
	}
	e := &Executor{cfg: cfg, turnCtx: turnCtx, env: cfg.Env, wake: make(chan struct{}, 1)}
	// Calls do not inherit the turn's cancellation directly: an interrupt
	// must spare calls that block on interrupt. onTurnDone decides per call.
	e.sibCtx, e.sibCancel = context.WithCancelCause(context.WithoutCancel(turnCtx))
	e.stopWatch = context.AfterFunc(turnCtx, e.onTurnDone)
	e.stopHard = func() bool { return true }
	if cfg.Hard != nil {
		e.stopHard = context.AfterFunc(cfg.Hard, e.onHardStop)
	}
	return e
}

// Add queues a call whose tool_use block has closed and starts it if the
// scheduling rules allow.
func (e *Executor) Add(c Call) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := &tracked{call: c}
	e.calls = append(e.calls, t)
	tl, ok := e.cfg.Tools.Lookup(c.Name)
	if !ok {
		t.status = statusCompleted
		t.result = tool.UseError("Error: No such tool available: " + c.Name)
		e.signal()
		return
	}
	t.tool = tl
	t.behavior = safeBehavior(tl)
	t.safe = c.InputErr == nil && e.cfg.Pipeline.Validate(tl, c.Input) == nil &&
		safeConcurrency(tl, c.Input)
	e.processQueue()
}

// Completed returns, without blocking, the progress reported so far and the
// results that may be yielded now, in order.
func (e *Executor) Completed() []Update {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.collect()
}

// Remaining yields everything still to come, waiting for running calls,
// until every call's result has been yielded. It yields nothing once the
// executor is discarded.
func (e *Executor) Remaining() iter.Seq[Update] {
	return func(yield func(Update) bool) {
		for {
			e.mu.Lock()
			if e.discarded {
				e.mu.Unlock()
				return
			}
			e.processQueue()
			ups := e.collect()
			unfinished := e.unfinished()
			e.mu.Unlock()
			for _, u := range ups {
				if !yield(u) {
					return
				}
			}
			if !unfinished {
				break
			}
			if len(ups) == 0 {
				<-e.wake
			}
		}
		e.mu.Lock()
		ups := e.collect()
		e.mu.Unlock()
		for _, u := range ups {
			if !yield(u) {
				return
			}
		}
	}
}

// Discard abandons the executor (streaming fallback): queued calls will
// not start, running calls that cancel on interrupt are cancelled, and
// nothing more is yielded. Calls that block on interrupt run to their end;
// Wait waits for them.
func (e *Executor) Discard() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.discard()
}

// discard is Discard with mu held.
func (e *Executor) discard() {
	e.discarded = true
	for _, t := range e.calls {
		if t.status == statusExecuting && t.behavior == tool.Cancel {
			t.cancel(ErrDiscarded)
		}
	}
	e.signal()
}

// Wait blocks until every started call has returned, and releases the
// executor's hold on the turn context. Call it once the executor is done
// with (after Remaining, or after Discard).
func (e *Executor) Wait() {
	e.wg.Wait()
	e.stopWatch()
	e.stopHard()
	e.sibCancel(context.Canceled)
}

// Env returns the conversation state after the modifiers of the calls
// completed so far.
func (e *Executor) Env() tool.Env {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.env
}

// Running returns the ids of executing calls and whether every one of them
// would be cancelled by an interrupt.
func (e *Executor) Running() (ids []string, interruptible bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.running()
}

// signal wakes Remaining. Called with mu held.
func (e *Executor) signal() {
	select {
	case e.wake <- struct{}{}:
	default:
	}
}
