package tool_test

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/tool"
)

// bare embeds Base and implements only what Base cannot default.
type bare struct{ tool.Base }

func (bare) Name() string                 { return "Bare" }
func (bare) Description() string          { return "a tool with Base's defaults" }
func (bare) InputSchema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (bare) Call(context.Context, tool.Call) (*tool.Result, error) {
	return tool.Text("ok"), nil
}

var _ tool.Tool = bare{}

// inputs are the inputs every fail-closed default must hold for.
var inputs = []json.RawMessage{nil, json.RawMessage(`{}`), json.RawMessage(`{"command":"ls"}`)}

func TestBaseFailsClosed(t *testing.T) {
	ctx := context.Background()
	var tl tool.Tool = bare{}
	if a := tl.Aliases(); a != nil {
		t.Errorf("Aliases() = %q, want nil", a)
	}
	if got := tl.InterruptBehavior(); got != tool.Block {
		t.Errorf("InterruptBehavior() = %v, want %v", got, tool.Block)
	}
	if tl.AbortsSiblingsOnError() {
		t.Error("AbortsSiblingsOnError() = true, want false")
	}
	for _, in := range inputs {
		if tl.IsReadOnly(in) {
			t.Errorf("IsReadOnly(%s) = true, want false", in)
		}
		if tl.IsConcurrencySafe(in) {
			t.Errorf("IsConcurrencySafe(%s) = true, want false", in)
		}
		if tl.IsDestructive(in) {
			t.Errorf("IsDestructive(%s) = true, want false", in)
		}
		if err := tl.ValidateInput(ctx, in); err != nil {
			t.Errorf("ValidateInput(%s) = %v, want nil", in, err)
		}
		pr := tl.CheckPermissions(ctx, in)
		want := tool.PermissionResult{Behavior: tool.PermissionPassthrough}
		if pr.Behavior != want.Behavior || pr.Message != "" || pr.UpdatedInput != nil {
			t.Errorf("CheckPermissions(%s) = %+v, want %+v", in, pr, want)
		}
	}
}

func TestInterruptBehaviorString(t *testing.T) {
	tests := []struct {
		b    tool.InterruptBehavior
		want string
	}{
		{tool.Block, "block"},
		{tool.Cancel, "cancel"},
	}
	for _, tt := range tests {
		if got := tt.b.String(); got != tt.want {
			t.Errorf("InterruptBehavior(%d).String() = %q, want %q", int(tt.b), got, tt.want)
		}
	}
	if tool.Block != 0 {
		t.Errorf("Block = %d, want the zero value so an unset field fails closed", tool.Block)
	}
}
