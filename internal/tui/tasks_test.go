package tui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/shells"
)

// harnessNow is the clock of newHarness.
var harnessNow = time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)

func shellTask(id, toolUse, command string, ago time.Duration) event.Task {
	return event.Task{ID: id, ToolUseID: toolUse, Type: event.TaskLocalBash, Description: command, Command: command,
		Status: event.TaskRunning, OutputFile: "/tmp/s/" + id + ".log", Started: harnessNow.Add(-ago)}
}

// publishTasks is a turn that starts two background tasks (a shell and
// an agent that has made two tool calls) and sees a third end.
func publishTasks(_ context.Context, f *fakeConv) event.Result {
	f.sink(event.TaskStarted{Task: shellTask("bash_1", "toolu_1", "npm run dev -- --port 5173", 65*time.Second)})
	agent := event.Task{ID: "a1f", ToolUseID: "toolu_2", Type: event.TaskLocalAgent, Description: "Survey the parser",
		AgentType: "Explore", Status: event.TaskRunning, Started: harnessNow.Add(-5 * time.Second)}
	f.sink(event.TaskStarted{Task: agent})
	agent.ToolUses, agent.Summary = 2, "Grep"
	f.sink(event.TaskUpdated{Task: agent})
	done := shellTask("bash_3", "toolu_3", "make test", 3*time.Second)
	f.sink(event.TaskStarted{Task: done})
	done.Status, done.ExitCode, done.Ended = event.TaskFailed, 2, harnessNow
	f.sink(event.TaskFinished{Task: done})
	f.stream("Started them.", 100)
	return event.Result{Subtype: event.SubtypeSuccess}
}

// While background tasks run, the live region says how many and how to
// see them; a task's end goes to the scrollback; /tasks lists every
// task (type, command or description, status, elapsed) and /bashes is
// the same list.
func TestTasksLiveLineAndList(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{publishTasks}, nil)
	h.typeLine("start things")
	h.waitFor("the live line", func(p, v string) bool {
		return strings.Contains(v, "2 background tasks · /tasks to view") && strings.Contains(p, "Started them.") &&
			!strings.Contains(v, "Working…")
	})
	if p := h.scrollback(); !strings.Contains(p, `● Background shell "make test" failed (exit code 2)`) {
		t.Errorf("the end of a task is not in the scrollback:\n%s", p)
	}
	live := h.currentView()
	h.typeLine("/tasks")
	h.waitFor("the list", func(_, v string) bool { return strings.Contains(v, "Background tasks") })
	list := h.currentView()
	golden.RequireEqual(t, []byte(live+"\n=== /tasks ===\n"+list))

	// The agent's view: its latest call; a conversation that cannot stop
	// tasks says so and the task stays as it was.
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyEnter, 0)
	h.waitFor("the agent", func(_, v string) bool {
		return strings.Contains(v, "Agent a1f (Explore)") && strings.Contains(v, "Latest: Grep · 2 tool uses") &&
			strings.Contains(v, "Its report is shown here once it ends.")
	})
	h.key(tea.KeyEnter, 0)
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "This session cannot stop background tasks") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the list", func(_, v string) bool { return strings.Contains(v, "2. agent  Survey the parser · running") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the list closed", func(_, v string) bool { return !strings.Contains(v, "Background tasks") })
	h.typeLine("/bashes")
	h.waitFor("the list again", func(_, v string) bool {
		return strings.Contains(v, "Background tasks") && strings.Contains(v, "shell  npm run dev")
	})
}

// With no task, the live line is absent and /tasks says there is none.
func TestTasksEmpty(t *testing.T) {
	h := newHarness(t, 80, nil, nil)
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	if v := h.currentView(); strings.Contains(v, "background task") {
		t.Errorf("live line without tasks:\n%s", v)
	}
	h.typeLine("/tasks")
	h.waitFor("the empty list", func(_, v string) bool {
		return strings.Contains(v, "No background shells or agents") && strings.Contains(v, "1. Close (esc)")
	})
}

// While a foreground Agent call runs, the line under it shows its
// sub-agent's latest tool call and how many it made; once the call's
// result is in, the line goes with it.
func TestForegroundAgentActivity(t *testing.T) {
	release := make(chan struct{})
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		f.sink(event.Assistant{Block: provider.Block{Type: provider.BlockToolUse, ID: "toolu_ag", Name: "Agent",
			Input: json.RawMessage(`{"description":"Find the parser","prompt":"look"}`)}})
		sub := event.Origin{ParentToolUseID: "toolu_ag", AgentID: "a9"}
		f.sink(event.ToolStarted{Origin: sub, ToolUseID: "t1", ToolName: "Glob", Input: json.RawMessage(`{"pattern":"**/*.go"}`)})
		f.sink(event.ToolResult{Origin: sub, ToolUseID: "t1", Block: provider.Block{Type: provider.BlockToolResult}})
		f.sink(event.ToolStarted{Origin: sub, ToolUseID: "t2", ToolName: "Read", Input: json.RawMessage(`{"file_path":"/work/proj/parse.go"}`)})
		select {
		case <-release:
		case <-ctx.Done():
		}
		f.tool("toolu_ag", "Agent", `{"description":"Find the parser"}`, "It is in parse.go.", false)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, nil)
	h.typeLine("find it")
	h.waitFor("the activity", func(_, v string) bool { return strings.Contains(v, "Read(/work/proj/parse.go) · 2 tool uses") })
	v := h.currentView()
	if strings.Index(v, "Agent(Find the parser)") > strings.Index(v, "Read(/work/proj/parse.go)") {
		t.Errorf("the activity is not under its call:\n%s", v)
	}
	close(release)
	h.waitFor("the result", func(p, v string) bool {
		return strings.Contains(p, "It is in parse.go.") && !strings.Contains(v, "tool uses")
	})
	if strings.Contains(h.scrollback(), "Glob") {
		t.Errorf("a sub-agent's call reached the scrollback:\n%s", h.scrollback())
	}
}

// taskConv is the fake conversation with real background shells: a
// real shells.Manager whose observer publishes task events, and the
// TaskControl the /tasks dialog uses.
type taskConv struct {
	*fakeConv
	mgr *shells.Manager
}

func (c *taskConv) StopTask(_ context.Context, id string) error {
	_, _, err := c.mgr.Kill(id)
	return err
}

func (c *taskConv) PeekTask(id string, n int) (string, error) { return c.mgr.Peek(id, n) }

func infoTask(i shells.Info) event.Task {
	return event.Task{ID: i.ID, ToolUseID: i.ToolUseID, Type: event.TaskLocalBash, Description: i.Description,
		Command: i.Command, Status: string(i.Status), OutputFile: i.OutputPath, ExitCode: i.ExitCode,
		Started: harnessNow, Ended: map[bool]time.Time{true: harnessNow.Add(2 * time.Second)}[!i.Ended.IsZero()]}
}

// withShells makes the harness's conversation a taskConv over mgr.
func withShells(mgr *shells.Manager) func(*Options) {
	return func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			b, err := open(ctx, sink, asker, resume)
			mgr.Observe(func(i shells.Info) {
				if i.Status == shells.Running {
					sink(event.TaskStarted{Task: infoTask(i)})
				} else {
					sink(event.TaskFinished{Task: infoTask(i)})
				}
			})
			return &taskConv{fakeConv: b.(*fakeConv), mgr: mgr}, err
		}
	}
}

// /tasks → a running shell → its output's end → "Stop this task" kills
// its whole process group (the shell and the sleep it started are
// gone), the list says so, and the model's next read of the shell still
// gets the output the dialog showed.
func TestTasksDialogStopsAShell(t *testing.T) {
	before := goleak.IgnoreCurrent()
	t.Cleanup(func() { // after the harness's and the manager's cleanups
		goleak.VerifyNone(t, before, // teatest's own signal watcher never ends
			goleak.IgnoreTopFunction("github.com/charmbracelet/x/exp/teatest/v2.NewTestModel.func2"))
	})
	mgr := shells.New(shells.Options{})
	t.Cleanup(func() { _ = mgr.Close(context.Background()) })
	dir := t.TempDir()
	var info shells.Info
	turn := func(_ context.Context, f *fakeConv) event.Result {
		var err error
		info, err = mgr.Start(shells.Spec{Command: "echo serving; sleep 300 & wait", Dir: dir, SessionDir: dir,
			ToolUseID: "toolu_bg", Description: "dev server"})
		if err != nil {
			t.Error(err)
		}
		f.stream("Started the server.", 100)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, withShells(mgr))
	h.typeLine("serve")
	h.waitFor("the live line", func(_, v string) bool { return strings.Contains(v, "1 background task") })
	// A running task wakes nothing: no timer of the interface is armed.
	awaitTimers(t, h, func(m *model) bool { return !m.taskList.ticking && !m.spinning && !m.stream.armed })
	h.typeLine("/tasks")
	h.waitFor("the list", func(_, v string) bool { return strings.Contains(v, "shell  echo serving") })
	h.key(tea.KeyEnter, 0)
	h.waitFor("the output", func(_, v string) bool {
		return strings.Contains(v, "│ serving") && strings.Contains(v, "❯ 1. Stop this task")
	})
	golden.RequireEqual(t, []byte(strings.ReplaceAll(h.currentView(), info.ID, "bash_ID")))
	h.key(tea.KeyEnter, 0)
	h.waitFor("the end", func(p, v string) bool {
		return strings.Contains(p, `Background shell "dev server" was stopped`) && strings.Contains(v, "killed") &&
			!strings.Contains(v, "background task ·")
	})
	if shells.GroupAlive(info.PID) {
		t.Errorf("process group %d is still alive", info.PID)
	}
	if out, err := mgr.Read(info.ID, nil); err != nil || out.Text != "serving\n" || out.Status != shells.Killed {
		t.Errorf("the model's read: %q %s %v", out.Text, out.Status, err)
	}
	h.key(tea.KeyEscape, 0)
	h.waitFor("back to the list", func(_, v string) bool { return strings.Contains(v, "Background tasks") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("closed", func(_, v string) bool { return !strings.Contains(v, "Background tasks") })
	// No task runs and no dialog shows one: the tick stops.
	awaitTimers(t, h, func(m *model) bool { return !m.taskList.ticking })
}

// awaitTimers waits until quiet holds on the model (asked on the
// program's goroutine): a tick in flight may still end, none may stay.
func awaitTimers(t *testing.T, h *harness, quiet func(*model) bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		got := make(chan bool, 1)
		h.tm.Send(applyMsg(func(m *model) tea.Cmd { got <- quiet(m); return nil }))
		if <-got {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("a timer of the interface stays armed")
}

// closingConv closes its shells when the conversation closes, as
// *app.Conversation does: their ends are published while Close runs.
type closingConv struct{ *taskConv }

func (c *closingConv) Close() {
	_ = c.mgr.Close(context.Background())
	c.fakeConv.Close()
}

// /clear with a background shell running: the old conversation's Close
// publishes the shell's end, which must not wait for the interface's
// own goroutine (it would, forever, if Close ran on it); the new
// conversation opens and the end is noted.
func TestClearWithARunningTaskDoesNotHang(t *testing.T) {
	mgr := shells.New(shells.Options{})
	t.Cleanup(func() { _ = mgr.Close(context.Background()) })
	dir := t.TempDir()
	turn := func(_ context.Context, f *fakeConv) event.Result {
		if _, err := mgr.Start(shells.Spec{Command: "sleep 300", Dir: dir, SessionDir: dir, Description: "nap"}); err != nil {
			t.Error(err)
		}
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, func(o *Options) {
		withShells(mgr)(o)
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			b, err := open(ctx, sink, asker, resume)
			return &closingConv{b.(*taskConv)}, err
		}
	})
	h.typeLine("nap")
	h.waitFor("the live line", func(_, v string) bool { return strings.Contains(v, "1 background task") })
	h.typeLine("/clear")
	h.waitFor("the shell's end and a new conversation", func(p, v string) bool {
		return strings.Contains(p, `Background shell "nap" was stopped`) && !strings.Contains(v, "background task") &&
			strings.Count(p, "corvid") >= 2
	})
}
