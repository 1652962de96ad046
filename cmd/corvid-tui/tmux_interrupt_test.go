package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// In a real terminal: Esc in the middle of a stream and in the middle of
// a running Bash call. The transcript on disk stays valid (every
// tool_use answered once, the cancelled one by a synthetic result; one
// unbroken parent chain), the running command is ended, the next
// prompt's request is well-formed, and `corvid -c -p` resumes it.
func TestTmuxEscKeepsTranscriptValid(t *testing.T) {
	requireTmux(t)
	story := strings.Repeat("The corvid kept counting the stones in the river. ", 80)
	const sleeper = "echo sleeper-began; sleep 31.5"
	p := newProject(t, "NO_COLOR=1")
	srv := p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text(story)}, ChunkDelay: 20 * time.Millisecond, ChunkSize: 8},
		{Blocks: []providertest.Block{providertest.Text("I will wait."),
			tool("toolu_sleep", "Bash", map[string]any{"command": sleeper})}},
		{Blocks: []providertest.Block{providertest.Text("Ready again.")}},
		{Blocks: []providertest.Block{providertest.Text("Resumed fine.")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "esc", 100, 30)
	e.waitText("default mode")

	e.typeLine("tell a long story")
	e.waitText("counting the stones")
	e.keys("Escape")
	e.waitText("Interrupted by user")

	e.typeLine("now wait a while")
	// sleep and echo read nothing: whether it asks depends on the
	// rules; answer yes if it does.
	s := e.waitFor("the call", func(s string) bool {
		return strings.Contains(s, "Do you want to proceed?") || strings.Contains(s, "sleeper-began")
	})
	if strings.Contains(s, "Do you want to proceed?") {
		e.keys("1")
	}
	e.waitText("sleeper-began") // the command runs and streams its output
	e.keys("Escape")
	e.waitFor("the cancelled call", func(s string) bool { return strings.Count(s, "Interrupted by user") == 2 })
	waitGone(t, "sleep 31.5")

	e.typeLine("are you there")
	e.waitText("Ready again.")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")
	checkTranscripts(t, p, "toolu_sleep")

	cmd := exec.Command(filepath.Join(p.bin, "corvid"), "-c", "-p", "still there?")
	cmd.Dir, cmd.Env = p.proj, append(cleanEnv(), p.env...)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "Resumed fine.") {
		t.Fatalf("corvid -c -p: %v\n%s", err, out)
	}
	checkTranscripts(t, p, "toolu_sleep") // and after the resumed turn
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4", len(reqs))
	}
	for _, i := range []int{2, 3} {
		got := strings.Join(messageTexts(reqs[i].Messages), "|")
		for _, want := range []string{"tell a long story", "now wait a while", "are you there"} {
			if !strings.Contains(got, want) {
				t.Errorf("request %d lacks the prompt %q: %q", i+1, want, got)
			}
		}
		if !answered(reqs[i], "toolu_sleep") {
			t.Errorf("request %d does not answer toolu_sleep", i+1)
		}
	}
	if v := srv.Violations(); len(v) > 0 {
		t.Errorf("malformed requests: %v", v)
	}
}

// answered reports whether a request holds exactly one tool_result for id.
func answered(r providertest.Request, id string) bool {
	n := 0
	for _, m := range r.Messages {
		for _, b := range m.Content {
			if b.Type == "tool_result" && b.ToolUseID == id {
				n++
			}
		}
	}
	return n == 1
}

// waitGone waits until no process's command line contains pattern.
func waitGone(t *testing.T, pattern string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if exec.Command("pgrep", "-f", pattern).Run() != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("a process %q still runs after the interrupt", pattern)
}
