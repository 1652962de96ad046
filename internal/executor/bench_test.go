package executor

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// BenchmarkPipelineHooks is what the hook middleware costs one call
// when its hooks decide nothing (a Set with no hook for the event),
// against no hooks at all; the input names a relative file path, which
// the middleware makes absolute for the hooks.
func BenchmarkPipelineHooks(b *testing.B) {
	echo := &tool.Func{ToolName: "Echo", Schema: []byte(`{"type":"object"}`),
		Run: func(_ context.Context, c tool.Call) (*tool.Result, error) { return tool.Text("ok"), nil }}
	c := tool.Call{ID: "1", Input: json.RawMessage(`{"file_path":"src/main.go","n":1}`),
		Env: tool.Env{WorkDir: "/work/project"}}
	for _, bc := range []struct {
		name  string
		hooks Hooks
	}{{"none", nil}, {"noop", nopHooks{}}} {
		p := &Pipeline{Permission: permission.AllowAll{}}
		if bc.hooks != nil {
			p.Hooks = bc.hooks
		}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if out := p.Run(context.Background(), echo, c, nil); out.Result.IsError {
					b.Fatal(out.Result.TextOf())
				}
			}
		})
	}
}

type nopHooks struct{}

func (nopHooks) PreToolUse(context.Context, HookInput) HookDecision { return HookDecision{} }

func (nopHooks) PostToolUse(context.Context, HookInput, *tool.Result) *tool.Result { return nil }
