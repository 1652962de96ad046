package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal (tmux): a session of two prompts made by `corvid -p`
// and `corvid -c -p` is continued with `corvid -c`; Esc Esc lists its
// prompts (from the transcript), Enter on the older one rewinds to before
// it, the edited prompt goes out with no history, and `corvid -c -p`
// afterwards resumes the rewound conversation.
func TestTmuxRewindResumedSession(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("answer-one")}},
		{Blocks: []providertest.Block{providertest.Text("answer-two")}},
		{Blocks: []providertest.Block{providertest.Text("answer-edited")}},
		{Blocks: []providertest.Block{providertest.Text("answer-resumed")}},
	}})
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1"}
	print := func(args ...string) {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, "corvid"), args...)
		cmd.Dir, cmd.Env = proj, append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("corvid %q: %v\n%s", args, err, out)
		}
	}
	print("-p", "first prompt")
	print("-c", "-p", "second prompt")

	e := &e2e{t: t, sock: fmt.Sprintf("corvid-rewind-resumed-%d", os.Getpid()), target: "r"}
	shell := fmt.Sprintf("cd %q && env %s %q -c; echo CORVID-EXIT=$?; sleep 60", proj,
		strings.Join(quoteAll(env), " "), filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "r", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.waitText("default mode")
	e.keys("Escape")
	e.keys("Escape")
	s := e.waitText("Rewind to before a prompt")
	if i, j := strings.Index(s, "1. just now  second prompt"), strings.Index(s, "2. just now  first prompt"); i < 0 || j < i {
		t.Fatalf("picker of the resumed session:\n%s", s)
	}
	e.keys("Down")
	e.keys("Enter")
	e.waitText("Rewound to before: first prompt")
	e.tmux("send-keys", "-t", "r", "-l", " edited")
	e.keys("Enter")
	e.waitText("answer-edited")
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")

	print("-c", "-p", "and now?")
	reqs := srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4", len(reqs))
	}
	want := [][]string{
		{"first prompt edited"},
		{"first prompt edited", "answer-edited", "and now?"},
	}
	for k, r := range reqs[2:] {
		if got := messageTexts(r.Messages); strings.Join(got, "|") != strings.Join(want[k], "|") {
			t.Errorf("request %d messages = %q, want %q", k+3, got, want[k])
		}
	}
}
