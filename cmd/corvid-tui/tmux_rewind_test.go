package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// In a real terminal (tmux): two prompts, Esc Esc, Enter on the newest
// prompt puts it back in the input; the edited prompt goes out with the
// first turn only as history, and `corvid -c -p` afterwards resumes the
// rewound conversation, not the abandoned answer.
func TestTmuxEscEscRewind(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("answer-one")}},
		{Blocks: []providertest.Block{providertest.Text("abandoned-two")}},
		{Blocks: []providertest.Block{providertest.Text("answer-edited")}},
		{Blocks: []providertest.Block{providertest.Text("answer-resumed")}},
	}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-rewind-%d", os.Getpid()), target: "r"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1"}
	shell := fmt.Sprintf("cd %q && env %s %q; echo CORVID-EXIT=$?; sleep 60", proj,
		strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "r", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.waitText("default mode")
	e.typeLine("first prompt")
	e.waitText("answer-one")
	e.typeLine("second prompt")
	e.waitText("abandoned-two")

	e.keys("Escape")
	e.keys("Escape")
	s := e.waitText("Rewind to before a prompt")
	if i, j := strings.Index(s, "1. just now  second prompt"), strings.Index(s, "2. just now  first prompt"); i < 0 || j < i ||
		!strings.Contains(s, "not tracked") {
		t.Fatalf("picker:\n%s", s)
	}
	e.keys("Enter")
	e.waitText("Rewound to before: second prompt")
	e.tmux("send-keys", "-t", "r", "-l", " edited")
	e.keys("Enter")
	e.waitText("answer-edited")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")

	cmd := exec.Command(filepath.Join(bin, "corvid"), "-c", "-p", "and now?")
	cmd.Dir, cmd.Env = proj, append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "answer-resumed") {
		t.Fatalf("corvid -c -p: %v\n%s", err, out)
	}
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4", len(reqs))
	}
	want := [][]string{
		{"first prompt", "answer-one", "second prompt edited"},
		{"first prompt", "answer-one", "second prompt edited", "answer-edited", "and now?"},
	}
	for k, r := range reqs[2:] {
		got := messageTexts(r.Messages)
		if strings.Join(got, "|") != strings.Join(want[k], "|") {
			t.Errorf("request %d messages = %q, want %q", k+3, got, want[k])
		}
	}
}

// messageTexts is each message's last text block (the prompt after any
// reminders).
func messageTexts(msgs []provider.Message) []string {
	var out []string
	for _, m := range msgs {
		last := ""
		for _, b := range m.Content {
			if b.Type == provider.BlockText && !strings.HasPrefix(b.Text, "<system-reminder>") {
				last = b.Text
			}
		}
		out = append(out, last)
	}
	return out
}
