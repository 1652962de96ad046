package executor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"time"

	"corvid/internal/tool"
)

// Step is a validated call on its way through the pipeline's middleware
// to the permission check and the tool.
type Step struct {
	Tool tool.Tool
	Call tool.Call
	// Verdict is what a PreToolUse hook said about the call (allow, deny,
	// ask, or "" for nothing); the permission checker weighs it, and an
	// allow never overrides a deny or ask rule.
	Verdict tool.PermissionBehavior
	// Reason is why the hook decided (told to the model on a deny).
	Reason string
}

// Handler takes a step to its outcome.
type Handler func(ctx context.Context, s Step) Outcome

// Middleware wraps the rest of the pipeline: it may change the step
// (input, verdict), answer without calling next, or act on the outcome.
type Middleware func(next Handler) Handler

// Hooks are the tool hook points around a call. The hook package
// implements them; nil Hooks means none are configured.
type Hooks interface {
	// PreToolUse runs before the permission check. It may decide the
	// permission, replace the input, or add context for the model.
	PreToolUse(ctx context.Context, in HookInput) HookDecision
	// PostToolUse runs after a call whose tool ran and succeeded, and may
	// replace its result.
	PostToolUse(ctx context.Context, in HookInput, res *tool.Result) *tool.Result
}

// FailureHooks are Hooks that also run after a tool ran and returned an
// error (PostToolUseFailure). Hooks without it see failures in
// PostToolUse.
type FailureHooks interface {
	PostToolUseFailure(ctx context.Context, in HookInput, res *tool.Result) *tool.Result
}

// HookInput is what a hook is told about a call.
type HookInput struct {
	ToolName  string
	ToolUseID string
	// Input is the call's input with relative file paths made absolute
	// against the call's working directory, as hooks expect.
	Input json.RawMessage
	// Elapsed is how long the tool ran (post-call hooks only).
	Elapsed time.Duration
	// Interrupted is set when the tool was stopped by a user interrupt
	// (post-call hooks only).
	Interrupted bool
}

// HookDecision is a PreToolUse hook's answer.
type HookDecision struct {
	// Permission is allow, deny or ask; "" leaves the decision to the
	// permission checker.
	Permission   tool.PermissionBehavior
	Reason       string
	UpdatedInput json.RawMessage
}

// hookMiddleware runs h around the rest of the chain: PreToolUse first
// (its replacement input is validated again and then goes to the
// permission check, like the model's own), then, once the tool ran,
// PostToolUse or PostToolUseFailure.
func (p *Pipeline) hookMiddleware(h Hooks) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, s Step) Outcome {
			in := HookInput{ToolName: s.Tool.Name(), ToolUseID: s.Call.ID,
				Input: absolutePaths(s.Call.Input, s.Call.Env.WorkDir)}
			d := h.PreToolUse(ctx, in)
			if len(d.UpdatedInput) > 0 {
				if res := p.check(ctx, s.Tool, d.UpdatedInput); res != nil {
					return Outcome{Result: res, Origin: OriginInput}
				}
				s.Call.Input = d.UpdatedInput
				in.Input = absolutePaths(d.UpdatedInput, s.Call.Env.WorkDir)
			}
			if rank(d.Permission) > rank(s.Verdict) {
				s.Verdict, s.Reason = d.Permission, d.Reason
			}
			start := time.Now()
			out := next(ctx, s)
			if out.Origin != OriginTool {
				return out
			}
			in.Elapsed = time.Since(start)
			in.Interrupted = errors.Is(context.Cause(ctx), ErrInterrupted)
			hctx, cancel := postContext(ctx, in.Interrupted)
			defer cancel()
			var r *tool.Result
			if fh, ok := h.(FailureHooks); ok && out.Failed {
				r = fh.PostToolUseFailure(hctx, in, out.Result)
			} else {
				r = h.PostToolUse(hctx, in, out.Result)
			}
			if r != nil {
				out.Result = r
			}
			return out
		}
	}
}

// interruptedHookBudget bounds the post-call hooks of a call a user
// interrupted: its own context is over, yet they must still be told.
const interruptedHookBudget = 5 * time.Second

// postContext is the context post-call hooks run under: the call's, or,
// when a user interrupt ended it, a short budget of its own.
func postContext(ctx context.Context, interrupted bool) (context.Context, context.CancelFunc) {
	if !interrupted {
		return ctx, func() {}
	}
	return context.WithTimeout(context.WithoutCancel(ctx), interruptedHookBudget)
}

// rank orders verdicts: deny beats ask beats allow beats none.
func rank(v tool.PermissionBehavior) int {
	switch v {
	case tool.PermissionDeny:
		return 3
	case tool.PermissionAsk:
		return 2
	case tool.PermissionAllow:
		return 1
	}
	return 0
}

// pathFields are the input fields that name a file or directory.
var pathFields = []string{"file_path", "notebook_path", "path"}

// absolutePaths returns input with its relative path fields joined to
// dir; input itself when there is nothing to change.
func absolutePaths(input json.RawMessage, dir string) json.RawMessage {
	if dir == "" || !bytes.Contains(input, []byte(`path"`)) {
		return input
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(input, &m) != nil {
		return input
	}
	changed := false
	for _, k := range pathFields {
		var v string
		if raw, ok := m[k]; !ok || json.Unmarshal(raw, &v) != nil || v == "" || filepath.IsAbs(v) {
			continue
		}
		m[k], _ = json.Marshal(filepath.Join(dir, v))
		changed = true
	}
	if !changed {
		return input
	}
	out, err := json.Marshal(m)
	if err != nil {
		return input
	}
	return out
}
