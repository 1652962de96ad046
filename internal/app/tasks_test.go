package app

import (
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
	"corvid/internal/shells"
)

// taskLog keeps the task events a conversation publishes.
type taskLog struct {
	mu  sync.Mutex
	evs []event.Event
}

func (l *taskLog) sink(ev event.Event) {
	switch ev.(type) {
	case event.TaskStarted, event.TaskUpdated, event.TaskFinished:
		l.mu.Lock()
		l.evs = append(l.evs, ev)
		l.mu.Unlock()
	}
}

// of returns the events of the task a call started, by kind.
func (l *taskLog) of(toolUseID string) (started, finished []event.Task, updated int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, ev := range l.evs {
		switch ev := ev.(type) {
		case event.TaskStarted:
			if ev.ToolUseID == toolUseID {
				started = append(started, ev.Task)
			}
		case event.TaskUpdated:
			if ev.ToolUseID == toolUseID {
				updated++
			}
		case event.TaskFinished:
			if ev.ToolUseID == toolUseID {
				finished = append(finished, ev.Task)
			}
		}
	}
	return started, finished, updated
}

func (l *taskLog) await(t *testing.T, toolUseID string) event.Task {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if _, fin, _ := l.of(toolUseID); len(fin) > 0 {
			return fin[0]
		}
		time.Sleep(10 * time.Millisecond) // polling a condition, bounded
	}
	t.Fatalf("no TaskFinished for %s", toolUseID)
	return event.Task{}
}

func bgBash(id, command string) providertest.Block {
	return providertest.ToolUse(id, "Bash", map[string]any{"command": command, "description": "job " + id,
		"run_in_background": true})
}

// Real background shells through the real shells.Manager and a real
// background agent: each task is started and finished exactly once,
// with the call's id, its type and the right status (exit 0, exit 4,
// stopped through StopTask, an agent that answered); StopTask really
// ends the shell's process group, and PeekTask shows its output
// without taking it from the model. Close leaves no goroutine.
func TestTaskEventsForShellsAndAgents(t *testing.T) {
	defer noLeaks(t, goleak.IgnoreCurrent())
	agent := providertest.ToolUse("toolu_ag", "Agent", map[string]any{"description": "bg look", "prompt": "M-BG",
		"run_in_background": true})
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{bgBash("toolu_ok", "echo hi"), bgBash("toolu_bad", "exit 4"),
			bgBash("toolu_slow", "echo waiting; sleep 60"), agent}}, {Blocks: []providertest.Block{text("started")}}},
		Routes: []providertest.Route{{Marker: "M-BG", Turns: []pt{{Blocks: []providertest.Block{text("report")}}}}}})
	log := &taskLog{}
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.PermissionMode, opts.Sink = t.TempDir(), "bypassPermissions", log.sink
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if res := c.SubmitText(t.Context(), "go"); res.IsError {
		t.Fatalf("turn: %+v", res)
	}
	// The summaries are Claude Code's (testdata/claudecode/tasks/frames.ndjson).
	for id, want := range map[string][2]string{
		"toolu_ok":  {event.TaskCompleted, `Background command "job toolu_ok" completed (exit code 0)`},
		"toolu_bad": {event.TaskFailed, `Background command "job toolu_bad" failed with exit code 4`},
		"toolu_ag":  {event.TaskCompleted, "report"}} {
		if fin := log.await(t, id); fin.Status != want[0] || fin.Summary != want[1] {
			t.Errorf("%s finished %+v, want %s %q", id, fin, want[0], want[1])
		}
	}
	if fin := log.await(t, "toolu_ag"); fin.Tokens == 0 || fin.Prompt != "M-BG" || fin.AgentType == "" {
		t.Errorf("agent finished %+v, want its tokens, prompt and type", fin)
	}
	started, _, _ := log.of("toolu_slow")
	if len(started) != 1 || started[0].Type != event.TaskLocalBash || started[0].Description != "job toolu_slow" ||
		started[0].Command != "echo waiting; sleep 60" || started[0].OutputFile == "" {
		t.Fatalf("slow shell started %+v", started)
	}
	slow := started[0]
	pid := 0
	for _, i := range c.s.kit.shells.List() {
		if i.ID == slow.ID {
			pid = i.PID
		}
	}
	waitOutput(t, c, slow.ID, "waiting\n")
	if err := c.StopTask(t.Context(), slow.ID); err != nil {
		t.Fatal(err)
	}
	if shells.GroupAlive(pid) {
		t.Errorf("process group %d still alive after StopTask", pid)
	}
	if fin := log.await(t, "toolu_slow"); fin.Status != event.TaskKilled || fin.Summary != "job toolu_slow" {
		t.Errorf("stopped shell finished %+v", fin)
	}
	if err := c.StopTask(t.Context(), "bash_nothere"); err == nil {
		t.Error("StopTask of an unknown id succeeded")
	}
	if out, err := c.s.kit.shells.Read(slow.ID, nil); err != nil || out.Text != "waiting\n" {
		t.Errorf("the model's Read after PeekTask: %q %v, want the output unread", out.Text, err)
	}
	c.Close()
	for _, id := range []string{"toolu_ok", "toolu_bad", "toolu_slow", "toolu_ag"} {
		st, fin, _ := log.of(id)
		if len(st) != 1 || len(fin) != 1 {
			t.Errorf("%s: %d starts, %d ends, want one each", id, len(st), len(fin))
		}
	}
	if st, _, _ := log.of("toolu_ag"); len(st) == 1 && (st[0].Type != event.TaskLocalAgent || st[0].Description != "bg look") {
		t.Errorf("agent started %+v", st[0])
	}
}

func waitOutput(t *testing.T, c *Conversation, id, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if out, err := c.PeekTask(id, 100); err == nil && strings.Contains(out, want) {
			return
		}
		time.Sleep(10 * time.Millisecond) // polling a condition, bounded
	}
	t.Fatalf("PeekTask(%s) never showed %q", id, want)
}
