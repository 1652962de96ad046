package taskoutput

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/shells"
	"corvid/internal/subagent"
	"corvid/internal/tool"
	"corvid/internal/tools/bashoutput"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fakeAgents has one finished and one running agent; a blocking read of
// the running one waits for its context (the tool's timeout).
type fakeAgents struct{ blockedFor time.Duration }

func (f *fakeAgents) Task(ctx context.Context, id string, block bool) (subagent.Task, bool) {
	switch id {
	case "adone":
		return subagent.Task{AgentID: id, Status: "completed", Text: "the report\n", OutputFile: "/o/adone.output"}, true
	case "arun":
		if block {
			start := time.Now()
			<-ctx.Done()
			f.blockedFor = time.Since(start)
		}
		return subagent.Task{AgentID: id, Status: "running", OutputFile: "/o/arun.output"}, true
	}
	return subagent.Task{}, false
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

// A finished agent's report comes back whole; a running one is
// not_ready without block and timeout after a bounded wait with it.
func TestAgents(t *testing.T) {
	f := &fakeAgents{}
	tl := New(f, nil, nil)
	want := "<retrieval_status>success</retrieval_status>\n\n<task_id>adone</task_id>\n\n<task_type>local_agent</task_type>\n\n<status>completed</status>\n\n<output>\nthe report\n</output>"
	if res := call(t, tl, `{"task_id":"adone"}`); res.IsError || res.TextOf() != want {
		t.Errorf("finished agent:\n%s\nwant\n%s", res.TextOf(), want)
	}
	if res := call(t, tl, `{"task_id":"arun","block":false}`); !strings.Contains(res.TextOf(), "<retrieval_status>not_ready</retrieval_status>") ||
		!strings.Contains(res.TextOf(), "<status>running</status>") || f.blockedFor != 0 {
		t.Errorf("non-blocking: %q (blocked %v)", res.TextOf(), f.blockedFor)
	}
	res := call(t, tl, `{"task_id":"arun","timeout":20}`)
	if !strings.Contains(res.TextOf(), "<retrieval_status>timeout</retrieval_status>") || f.blockedFor < 20*time.Millisecond {
		t.Errorf("blocking: %q after %v", res.TextOf(), f.blockedFor)
	}
}

// Shell ids go to BashOutput (after waiting for the shell to end);
// unknown ids and bad input are clear errors.
func TestShellsAndErrors(t *testing.T) {
	mgr := shells.New(shells.Options{})
	defer mgr.Close(context.Background())
	info, err := mgr.Start(shells.Spec{Command: "sleep 0.2; echo late", Dir: t.TempDir(), SessionDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	tl := New(&fakeAgents{}, mgr, bashoutput.New(mgr))
	if res := call(t, tl, `{"task_id":"`+info.ID+`","timeout":60000}`); res.IsError ||
		!strings.Contains(res.TextOf(), "late") || !strings.Contains(res.TextOf(), "completed") {
		t.Errorf("shell: %q", res.TextOf())
	}
	for in, want := range map[string]string{
		`{"task_id":"bash_missing"}`:        "No background task found with ID: bash_missing",
		`{"task_id":" "}`:                   "task_id is empty",
		`{"task_id":"adone","timeout":-1}`:  "timeout must be between 0 and 600000",
		`{"task_id":"adone","timeout":7e5}`: "timeout must be between 0 and 600000",
		`{"task_id":3}`:                     "could not be read",
	} {
		if res := call(t, tl, in); !res.IsError || !strings.Contains(res.TextOf(), want) {
			t.Errorf("%s: %q, want %q", in, res.TextOf(), want)
		}
	}
	if res := call(t, New(nil, nil, nil), `{"task_id":"x"}`); !res.IsError {
		t.Errorf("no backends: %q", res.TextOf())
	}
}

func TestPredicates(t *testing.T) {
	tl := New(nil, nil, nil)
	in := json.RawMessage(`{"task_id":"x"}`)
	if tl.Name() != "TaskOutput" || !tl.IsReadOnly(in) || !tl.IsConcurrencySafe(in) || tool.KindOf(tl) != tool.KindState {
		t.Error("TaskOutput predicates wrong")
	}
}
