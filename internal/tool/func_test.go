package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"corvid/internal/tool"
)

func TestFuncWithoutHooksKeepsBaseDefaults(t *testing.T) {
	ctx := context.Background()
	f := &tool.Func{ToolName: "F", Desc: "d", Schema: json.RawMessage(`{"type":"object"}`)}
	for _, in := range inputs {
		if f.IsReadOnly(in) || f.IsConcurrencySafe(in) || f.IsDestructive(in) {
			t.Errorf("input %s: read-only/safe/destructive = %v/%v/%v, want all false",
				in, f.IsReadOnly(in), f.IsConcurrencySafe(in), f.IsDestructive(in))
		}
		if err := f.ValidateInput(ctx, in); err != nil {
			t.Errorf("ValidateInput(%s) = %v, want nil", in, err)
		}
		if got := f.CheckPermissions(ctx, in).Behavior; got != tool.PermissionPassthrough {
			t.Errorf("CheckPermissions(%s).Behavior = %q, want %q", in, got, tool.PermissionPassthrough)
		}
	}
	if got := f.InterruptBehavior(); got != tool.Block {
		t.Errorf("InterruptBehavior() = %v, want block", got)
	}
	if f.AbortsSiblingsOnError() {
		t.Error("AbortsSiblingsOnError() = true, want false")
	}
	if f.Aliases() != nil {
		t.Errorf("Aliases() = %q, want nil", f.Aliases())
	}
}

func TestFuncAccessors(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)
	f := &tool.Func{ToolName: "Name", ToolAliases: []string{"Old"}, Desc: "desc", Schema: schema,
		Interrupt: tool.Cancel, SiblingAbort: true}
	tests := []struct {
		what      string
		got, want any
	}{
		{"Name", f.Name(), "Name"},
		{"Aliases", len(f.Aliases()) == 1 && f.Aliases()[0] == "Old", true},
		{"Description", f.Description(), "desc"},
		{"InputSchema", string(f.InputSchema()), string(schema)},
		{"InterruptBehavior", f.InterruptBehavior(), tool.Cancel},
		{"AbortsSiblingsOnError", f.AbortsSiblingsOnError(), true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.what, tt.got, tt.want)
		}
	}
}

func TestFuncHooks(t *testing.T) {
	ctx := context.Background()
	yes, no := json.RawMessage(`{"ok":true}`), json.RawMessage(`{"ok":false}`)
	isYes := func(in json.RawMessage) bool { return string(in) == string(yes) }
	errBad := errors.New("bad input")
	f := &tool.Func{
		ToolName:        "F",
		ReadOnly:        isYes,
		ConcurrencySafe: isYes,
		Destructive:     func(in json.RawMessage) bool { return !isYes(in) },
		Validate: func(_ context.Context, in json.RawMessage) error {
			if isYes(in) {
				return nil
			}
			return errBad
		},
		Permissions: func(_ context.Context, in json.RawMessage) tool.PermissionResult {
			if isYes(in) {
				return tool.PermissionResult{Behavior: tool.PermissionAllow, UpdatedInput: json.RawMessage(`{"ok":1}`)}
			}
			return tool.PermissionResult{Behavior: tool.PermissionDeny, Message: "no"}
		},
	}
	tests := []struct {
		in                          json.RawMessage
		readOnly, safe, destructive bool
		validateErr                 error
		perm                        tool.PermissionBehavior
		updated                     string
	}{
		{yes, true, true, false, nil, tool.PermissionAllow, `{"ok":1}`},
		{no, false, false, true, errBad, tool.PermissionDeny, ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.in), func(t *testing.T) {
			if got := f.IsReadOnly(tt.in); got != tt.readOnly {
				t.Errorf("IsReadOnly = %v, want %v", got, tt.readOnly)
			}
			if got := f.IsConcurrencySafe(tt.in); got != tt.safe {
				t.Errorf("IsConcurrencySafe = %v, want %v", got, tt.safe)
			}
			if got := f.IsDestructive(tt.in); got != tt.destructive {
				t.Errorf("IsDestructive = %v, want %v", got, tt.destructive)
			}
			if err := f.ValidateInput(ctx, tt.in); !errors.Is(err, tt.validateErr) {
				t.Errorf("ValidateInput = %v, want %v", err, tt.validateErr)
			}
			pr := f.CheckPermissions(ctx, tt.in)
			if pr.Behavior != tt.perm || string(pr.UpdatedInput) != tt.updated {
				t.Errorf("CheckPermissions = %+v, want behavior %q, updated input %q", pr, tt.perm, tt.updated)
			}
		})
	}
}

func TestFuncCall(t *testing.T) {
	var got tool.Call
	f := &tool.Func{ToolName: "F", Run: func(ctx context.Context, c tool.Call) (*tool.Result, error) {
		got = c
		return tool.Text("done"), ctx.Err()
	}}
	call := tool.Call{ID: "toolu_1", Input: json.RawMessage(`{"a":1}`), Env: tool.Env{WorkDir: "/w", SessionID: "s"}}
	res, err := f.Call(context.Background(), call)
	if err != nil || res.TextOf() != "done" {
		t.Fatalf("Call = %v, %v; want the Run result %q and no error", res, err, "done")
	}
	if got.ID != call.ID || string(got.Input) != string(call.Input) || got.Env.WorkDir != call.Env.WorkDir || got.Env.SessionID != call.Env.SessionID {
		t.Errorf("Run saw call %+v, want %+v", got, call)
	}
}

func TestAlways(t *testing.T) {
	for _, v := range []bool{true, false} {
		p := tool.Always(v)
		for _, in := range inputs {
			if got := p(in); got != v {
				t.Errorf("Always(%v)(%s) = %v", v, in, got)
			}
		}
	}
}
