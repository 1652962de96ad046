package taskstop

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tools/killshell"
)

type fakeAgents map[string]bool

func (f fakeAgents) Stop(id string) bool {
	ok := f[id]
	delete(f, id)
	return ok
}

func call(t *testing.T, tl tool.Tool, input string) *tool.Result {
	t.Helper()
	raw := json.RawMessage(input)
	if err := tl.ValidateInput(context.Background(), raw); err != nil {
		return tool.UseError(err.Error())
	}
	res, err := tl.Call(context.Background(), tool.Call{ID: "toolu_1", Input: raw, Progress: func(tool.Progress) {}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TaskStop stops a background agent by id, hands other ids to KillShell,
// and says so when nothing has the id.
func TestTaskStop(t *testing.T) {
	mgr := shells.New(shells.Options{})
	defer mgr.Close(context.Background())
	tl := New(fakeAgents{"a123": true}, killshell.New(mgr))
	if res := call(t, tl, `{"task_id":"a123"}`); res.IsError || !strings.Contains(res.TextOf(), "Stopped background agent a123") {
		t.Errorf("agent: %q", res.TextOf())
	}
	for _, in := range []string{`{"task_id":"a123"}`, `{"shell_id":"bash_0000"}`} {
		if res := call(t, tl, in); !res.IsError || !strings.Contains(res.TextOf(), "No background task found with ID") {
			t.Errorf("%s: %q, want not found", in, res.TextOf())
		}
	}
	if res := call(t, tl, `{}`); !res.IsError || !strings.Contains(res.TextOf(), "task_id is empty") {
		t.Errorf("empty: %q", res.TextOf())
	}
}
