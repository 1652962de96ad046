package permission

import (
	"context"
	"encoding/json"
	"fmt"

	"corvid/internal/tool"
)

// Check gives the verdict for one call, asking the Asker when the
// verdict is "ask".
func (e *Engine) Check(ctx context.Context, req Request) Decision {
	return e.check(ctx, req, e.effectiveMode())
}

// check is Check under mode.
func (e *Engine) check(ctx context.Context, req Request, mode Mode) Decision {
	if req.Tool == nil {
		return Decision{Behavior: tool.PermissionDeny, Message: "Permission denied: the call names no tool.",
			Reason: "a request without a tool"}
	}
	name := e.env.tools.canonical(req.Tool.Name())
	if d, done := preChecks(name, req); done {
		return d
	}
	if e.env.tools.empty() {
		return noTools(name)
	}
	input := req.Input
	if len(req.ToolCheck.UpdatedInput) > 0 {
		input = req.ToolCheck.UpdatedInput
	}
	c := e.newCall(name, e.env.tools.describe(req.Tool, name), input, mode,
		func() bool { return req.Tool.IsReadOnly(input) }, req.WorkDir)
	v := c.evaluate()
	v = applyToolCheck(v, req.ToolCheck)
	v = applyHook(v, req.Hook)
	v = e.settle(v, mode)
	v.reason += e.modeNote()
	d := e.resolve(ctx, req, input, v)
	if d.Behavior == tool.PermissionAllow && len(d.UpdatedInput) == 0 {
		// The tool's own replacement, unless the one asked replaced it.
		d.UpdatedInput = req.ToolCheck.UpdatedInput
	}
	return d
}

// Explain gives the verdict for a call without asking anyone: the
// read-only query path (`corvid permissions check`, debug logs).
func (e *Engine) Explain(toolName string, input json.RawMessage) Decision {
	name := e.env.tools.canonical(toolName)
	if e.env.tools.empty() {
		return noTools(name)
	}
	mode := e.effectiveMode()
	c := e.newCall(name, e.env.tools.lookup(name), input, mode, nil, "")
	v := e.settle(c.evaluate(), mode)
	v.reason += e.modeNote()
	return decision(v)
}

// preChecks handles the verdicts that come before any rule: a hook's
// deny and the tool's own deny.
func preChecks(name string, req Request) (Decision, bool) {
	switch {
	case req.Hook == tool.PermissionDeny:
		return Decision{Behavior: tool.PermissionDeny, Message: "Denied by a PreToolUse hook.",
			Reason: "a PreToolUse hook denied this " + name + " call"}, true
	case req.ToolCheck.Behavior == tool.PermissionDeny:
		msg := req.ToolCheck.Message
		if msg == "" {
			msg = fmt.Sprintf("Permission to use %s has been denied.", name)
		}
		return Decision{Behavior: tool.PermissionDeny, Message: msg,
			Reason: name + " refused this input itself: " + msg}, true
	}
	return Decision{}, false
}

// noTools is the verdict of an engine built without tool descriptions.
func noTools(name string) Decision {
	return Decision{Behavior: tool.PermissionDeny,
		Message: fmt.Sprintf("Permission to use %s has been denied: corvid was set up without tool descriptions.", name),
		Reason:  ErrNoTools.Error()}
}
