package executor

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// bashLike is a Bash-shaped fake that runs at once: it records each
// command it ran and fails when the input says so. Its ValidateInput
// refuses the command "invalid".
type bashLike struct {
	mu  sync.Mutex
	ran []string
}

func (b *bashLike) tool() tool.Tool {
	return &tool.Func{ToolName: "Bash", Schema: json.RawMessage(objSchema), SiblingAbort: true,
		Interrupt: tool.Cancel,
		Validate: func(_ context.Context, in json.RawMessage) error {
			if commandOf(in) == "invalid" {
				return errors.New("the command is not acceptable")
			}
			return nil
		},
		Run: func(_ context.Context, c tool.Call) (*tool.Result, error) {
			b.mu.Lock()
			b.ran = append(b.ran, commandOf(c.Input))
			b.mu.Unlock()
			var in struct {
				Fail bool `json:"fail"`
			}
			_ = json.Unmarshal(c.Input, &in)
			if in.Fail {
				return tool.ErrorText("exit status 1"), nil
			}
			return tool.Text("ok"), nil
		}}
}

func commandOf(in json.RawMessage) string {
	var v struct {
		Command string `json:"command"`
	}
	_ = json.Unmarshal(in, &v)
	return v.Command
}

// denyCommand refuses Bash calls whose command starts with "denied", and
// every call a hook denied.
type denyCommand struct{}

func (denyCommand) Check(_ context.Context, req permission.Request) permission.Decision {
	if req.Hook == tool.PermissionDeny {
		return permission.Decision{Behavior: tool.PermissionDeny, Message: "Denied by a PreToolUse hook."}
	}
	if strings.HasPrefix(commandOf(req.Input), "denied") {
		return permission.Decision{Behavior: tool.PermissionDeny, Message: "Permission denied by rule."}
	}
	return permission.Decision{Behavior: tool.PermissionAllow}
}

// hookBlock is a PreToolUse hook that blocks commands starting with
// "blocked" and leaves everything else to the permission checker.
type hookBlock struct{}

func (hookBlock) PreToolUse(_ context.Context, in HookInput) HookDecision {
	if strings.HasPrefix(commandOf(in.Input), "blocked") {
		return HookDecision{Permission: tool.PermissionDeny, Reason: "blocked by hook"}
	}
	return HookDecision{}
}

func (hookBlock) PostToolUse(context.Context, HookInput, *tool.Result) *tool.Result { return nil }

// TestOnlyARanAndFailedCallCancelsSiblings: a first call refused before it
// ran (bad input, the tool's own validation, a permission denial, a hook's
// block) cancels nothing; a Bash call that ran and failed still cancels
// the calls after it.
func TestOnlyARanAndFailedCallCancelsSiblings(t *testing.T) {
	cases := []struct {
		name     string
		first    string
		inputErr error
		ran      []string // commands the tool ran, in order
		firstMsg string   // in the first result
		rest     string   // in the results of the other calls
	}{
		{"permission denial", `{"command":"denied rm -rf x"}`, nil, []string{"b", "c", "d"}, "Permission denied by rule.", "ok"},
		{"hook block", `{"command":"blocked x"}`, nil, []string{"b", "c", "d"}, "hook", "ok"},
		{"schema failure", `{"command":"x","n":"seven"}`, nil, []string{"b", "c", "d"}, "InputValidationError", "ok"},
		{"tool validation", `{"command":"invalid"}`, nil, []string{"b", "c", "d"}, "not acceptable", "ok"},
		{"unreadable input", `{}`, errors.New("unexpected EOF"), []string{"b", "c", "d"}, "could not be read", "ok"},
		{"ran and failed", `{"command":"make","fail":true}`, nil, []string{"make"}, "exit status 1",
			"Cancelled: parallel tool call Bash(make) errored"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &bashLike{}
			reg, err := tool.NewRegistry(b.tool())
			if err != nil {
				t.Fatal(err)
			}
			p := &Pipeline{Permission: denyCommand{}, Hooks: hookBlock{}}
			e := New(t.Context(), Config{Tools: reg, Pipeline: p})
			first := call("a", "Bash", tc.first)
			first.InputErr = tc.inputErr
			e.Add(first)
			for _, id := range []string{"b", "c", "d"} {
				e.Add(call(id, "Bash", `{"command":"`+id+`"}`))
			}
			ups := drain(e)
			e.Wait()
			if !slices.Equal(b.ran, tc.ran) {
				t.Fatalf("ran %q, want %q", b.ran, tc.ran)
			}
			got := results(ups)
			if len(got) != 4 || !strings.Contains(got[0], tc.firstMsg) {
				t.Fatalf("results %q; first should mention %q", got, tc.firstMsg)
			}
			for _, r := range got[1:] {
				if !strings.Contains(r, tc.rest) {
					t.Fatalf("results %q; each later one should mention %q", got, tc.rest)
				}
			}
		})
	}
}

// TestPipelineRecordsOrigin checks the stage each outcome is attributed to.
func TestPipelineRecordsOrigin(t *testing.T) {
	b := &bashLike{}
	bt := b.tool()
	p := &Pipeline{Permission: denyCommand{}, Hooks: hookBlock{}}
	cases := []struct {
		input  string
		origin Origin
		failed bool
	}{
		{`{"command":"x","n":"seven"}`, OriginInput, false},
		{`{"command":"invalid"}`, OriginInput, false},
		{`{"command":"blocked"}`, OriginHook, false},
		{`{"command":"denied"}`, OriginPermission, false},
		{`{"command":"ok"}`, OriginTool, false},
		{`{"command":"bad","fail":true}`, OriginTool, true},
	}
	for _, tc := range cases {
		out := p.Run(t.Context(), bt, tool.Call{ID: "1", Input: json.RawMessage(tc.input)}, nil)
		if out.Origin != tc.origin || out.Failed != tc.failed {
			t.Errorf("%s: origin %v failed %v, want %v %v", tc.input, out.Origin, out.Failed, tc.origin, tc.failed)
		}
		if out.Result == nil || out.Result.IsError == (tc.origin == OriginTool && !tc.failed) {
			t.Errorf("%s: result %+v has the wrong error flag", tc.input, out.Result)
		}
	}
}
