// Package executor runs the model's tool calls: the pipeline that every
// single call passes (schema validation, then a chain of middleware, then
// permission and Call with progress) and the streaming executor that
// schedules calls as their tool_use blocks close. The hook points are one
// middleware: PreToolUse before the permission check (its verdict is
// weighed by the checker, its deny always wins, its replacement input is
// validated and checked again), PostToolUse after a success and
// PostToolUseFailure after a tool that ran and failed.
//
// Scheduling follows Claude Code's StreamingToolExecutor: each call is
// queued → executing → completed → yielded. A queued call starts when
// nothing is executing, or when it and everything executing are
// concurrency-safe (and fewer than the cap are running); the scan of the
// queue stops at the first call that is not concurrency-safe and cannot
// start, so an exclusive call never jumps the queue. Progress is forwarded
// at once, whatever the call's state. Results are yielded strictly in the
// order the tool_use blocks arrived: a call still queued or executing holds
// back every result after it. (Claude Code lets a finished call overtake a
// concurrency-safe one still running; corvid keeps the stricter order so
// that hosts see tool_result frames in tool_use order.)
//
// Three abort reasons give synthetic error results: a sibling error (a
// tool whose errors abort siblings, such as Bash, failed: the other running
// calls are cancelled, the turn goes on), a user interrupt (a turn context
// cancelled with ErrInterrupted cancels only calls whose interrupt
// behaviour is Cancel; Block calls finish; any other cause cancels all),
// and Discard (streaming fallback: nothing more is yielded). StreamFailed
// chooses between Discard and a fourth reason after a failed stream: once
// a call that is not read-only has started, the response is kept (a call
// that has started is never started again), queued calls are answered
// with a "cut off" error and started calls finish.
//
// Cancellation has three levels: the turn's context, the executor's
// sibling context (cancelled by a sibling error; never ends the turn), and
// one context per call.
//
// It imports tool, permission and provider; the engine owns an Executor
// per model response.
package executor
