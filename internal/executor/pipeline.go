package executor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"sync"

	"corvid/internal/jsonschema"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// Pipeline runs one call through validation, then its middleware (the
// hook points among them), then permission and the tool itself. It is
// safe for concurrent use.
type Pipeline struct {
	Permission permission.Checker
	// Hooks, when set, wrap the permission check and the call as the
	// innermost middleware (PreToolUse, PostToolUse, PostToolUseFailure).
	Hooks Hooks
	// Middleware wraps every validated call, the first outermost.
	Middleware []Middleware
	// OnDenial is told about each call the permission checker refused.
	OnDenial func(t tool.Tool, call tool.Call, d permission.Decision)
	// OnPanic is told about a tool that panicked (for the debug log).
	OnPanic func(toolName string, v any, stack []byte)
	// BeforeCall, when set, is told about each call just before its tool
	// runs: after the permission check, with the input it runs with (file
	// checkpoints are taken there).
	BeforeCall func(t tool.Tool, call tool.Call)

	schemas sync.Map // tool name → *schemaEntry
}

type schemaEntry struct {
	schema *jsonschema.Schema
	err    error
}

// Outcome is the result of one call plus what the executor must act on.
type Outcome struct {
	Result *tool.Result
	// Interrupt asks to end the turn (a rejected permission prompt).
	Interrupt bool
	// Origin is the stage that ended the call: OriginTool once the tool
	// ran, whatever a PostToolUse hook made of its result.
	Origin Origin
	// Failed is set when the tool ran and its own result was an error
	// (before any PostToolUse hook): the only kind of failure that may
	// cancel sibling calls.
	Failed bool
}

// ranAndFailed reports whether the tool itself ran and failed.
func (o Outcome) ranAndFailed() bool { return o.Origin.cascades() && o.Failed }

// Validate checks input against the tool's schema. The error text names
// the offending field and is meant for the model.
func (p *Pipeline) Validate(t tool.Tool, input json.RawMessage) error {
	var v any
	if err := json.Unmarshal(input, &v); err != nil {
		return fmt.Errorf("input is not valid JSON: %v", err)
	}
	if _, ok := v.(map[string]any); !ok {
		return fmt.Errorf("input must be a JSON object")
	}
	s, err := p.schema(t)
	if err != nil {
		return err
	}
	// A nil *Schema (no schema declared) accepts everything.
	return s.Validate(v)
}

// schema compiles a tool's input schema once per tool name.
func (p *Pipeline) schema(t tool.Tool) (*jsonschema.Schema, error) {
	if e, ok := p.schemas.Load(t.Name()); ok {
		return e.(*schemaEntry).schema, e.(*schemaEntry).err
	}
	e := &schemaEntry{}
	if raw := t.InputSchema(); len(raw) > 0 {
		var err error
		if e.schema, err = jsonschema.Compile(raw); err != nil {
			e.err = fmt.Errorf("tool %s has an invalid input schema: %v", t.Name(), err)
		}
	}
	p.schemas.Store(t.Name(), e)
	return e.schema, e.err
}

// Run runs one call. It never panics and always returns a result.
func (p *Pipeline) Run(ctx context.Context, t tool.Tool, call tool.Call, inputErr error) Outcome {
	if inputErr != nil {
		return Outcome{Result: tool.UseError(fmt.Sprintf(
			"InputValidationError: the input for %s could not be read: %v", t.Name(), inputErr)),
			Origin: OriginInput}
	}
	if res := p.check(ctx, t, call.Input); res != nil {
		return Outcome{Result: res, Origin: OriginInput}
	}
	return p.handler()(ctx, Step{Tool: t, Call: call})
}

// handler is the chain a validated call runs through.
func (p *Pipeline) handler() Handler {
	h := Handler(p.authorize)
	if p.Hooks != nil {
		h = p.hookMiddleware(p.Hooks)(h)
	}
	for i := len(p.Middleware) - 1; i >= 0; i-- {
		h = p.Middleware[i](h)
	}
	return h
}

// authorize is the end of the chain: the permission check, then the
// tool.
func (p *Pipeline) authorize(ctx context.Context, s Step) Outcome {
	t, call := s.Tool, s.Call
	d := p.decide(ctx, t, call, s.Verdict)
	if d.Behavior != tool.PermissionAllow {
		if p.OnDenial != nil {
			p.OnDenial(t, call, d)
		}
		return Outcome{Result: tool.ErrorText(denialText(t, d, s)), Interrupt: d.Interrupt,
			Origin: denialOrigin(s.Verdict)}
	}
	if len(d.UpdatedInput) > 0 {
		if !bytes.Equal(d.UpdatedInput, call.Input) {
			// An input replaced by the one who answered is checked again.
			if res := p.check(ctx, t, d.UpdatedInput); res != nil {
				return Outcome{Result: res, Origin: OriginInput}
			}
		}
		call.Input = d.UpdatedInput
	}
	if p.BeforeCall != nil {
		p.BeforeCall(t, call)
	}
	res := p.invoke(ctx, t, call)
	return Outcome{Result: res, Origin: OriginTool, Failed: res.IsError}
}

// check validates input by schema and by the tool's own rules.
func (p *Pipeline) check(ctx context.Context, t tool.Tool, input json.RawMessage) *tool.Result {
	if err := p.Validate(t, input); err != nil {
		return tool.UseError(fmt.Sprintf("InputValidationError: %s: %v", t.Name(), err))
	}
	if err := safeValidate(ctx, t, input); err != nil {
		return tool.UseError(err.Error())
	}
	return nil
}

func (p *Pipeline) decide(ctx context.Context, t tool.Tool, call tool.Call, verdict tool.PermissionBehavior) permission.Decision {
	if verdict == tool.PermissionDeny {
		// A hook's deny wins whatever the checker would say.
		return permission.Decision{Behavior: tool.PermissionDeny, Message: "Denied by a PreToolUse hook.",
			Reason: "a PreToolUse hook denied this " + t.Name() + " call"}
	}
	checker := p.Permission
	if checker == nil {
		checker = permission.AllowAll{}
	}
	req := permission.Request{Tool: t, ToolUseID: call.ID, Input: call.Input,
		ToolCheck: safeCheckPermissions(ctx, t, call.Input), Hook: verdict, WorkDir: call.Env.WorkDir}
	return checker.Check(ctx, req)
}

// denialOrigin says who refused a call: the hook when its verdict was
// deny (a hook's deny overrides every rule), else the permission checker.
func denialOrigin(verdict tool.PermissionBehavior) Origin {
	if verdict == tool.PermissionDeny {
		return OriginHook
	}
	return OriginPermission
}

func denialText(t tool.Tool, d permission.Decision, s Step) string {
	if s.Verdict == tool.PermissionDeny && s.Reason != "" {
		// The hook's reason is what the model is told, in Claude Code's
		// words (testdata/claudecode/hooks).
		return fmt.Sprintf("PreToolUse:%s hook error: %s", t.Name(), s.Reason)
	}
	if d.Message != "" {
		return d.Message
	}
	return fmt.Sprintf("Permission to use %s was denied.", t.Name())
}

// invoke calls the tool, turning a panic or a Go error into an error
// result: the model always gets an answer, and a broken tool never takes
// the process down.
func (p *Pipeline) invoke(ctx context.Context, t tool.Tool, call tool.Call) (res *tool.Result) {
	defer func() {
		if r := recover(); r != nil {
			res = tool.ErrorText(fmt.Sprintf("Error: tool %s failed unexpectedly: %v", t.Name(), r))
			if p.OnPanic != nil {
				p.OnPanic(t.Name(), r, debug.Stack())
			}
		}
	}()
	res, err := t.Call(ctx, call)
	switch {
	case err != nil && ctx.Err() != nil:
		return tool.ErrorText(fmt.Sprintf("Error: %s was cancelled: %v", t.Name(), context.Cause(ctx)))
	case err != nil:
		return tool.ErrorText(fmt.Sprintf("Error: %v", err))
	case res == nil:
		return tool.ErrorText(fmt.Sprintf("Error: tool %s returned no result", t.Name()))
	}
	return res
}

func safeValidate(ctx context.Context, t tool.Tool, in json.RawMessage) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s could not validate its input: %v", t.Name(), r)
		}
	}()
	return t.ValidateInput(ctx, in)
}

func safeCheckPermissions(ctx context.Context, t tool.Tool, in json.RawMessage) (pr tool.PermissionResult) {
	defer func() {
		if r := recover(); r != nil {
			pr = tool.PermissionResult{Behavior: tool.PermissionAsk,
				Message: fmt.Sprintf("%s could not check its permissions: %v", t.Name(), r)}
		}
	}()
	return t.CheckPermissions(ctx, in)
}
