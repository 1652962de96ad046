package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// e2e drives the real corvid and corvid-tui binaries in a tmux pane
// against the fake Messages API.
type e2e struct {
	t            *testing.T
	sock, target string
}

// requireTmux skips without tmux, unless CORVID_REQUIRE_TMUX (set by
// .ci/run) says it must be there.
func requireTmux(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CORVID_REQUIRE_TMUX") != "" {
			t.Fatal("tmux is required (CORVID_REQUIRE_TMUX) but not on PATH")
		}
		t.Skip("tmux not installed; .ci/run installs it")
	}
}

// built holds the binaries buildBinaries made, once per test binary
// (tests only run them); TestMain removes the directory.
var built struct {
	once sync.Once
	dir  string
	err  error
}

// buildBinaries builds corvid and corvid-tui side by side, the first
// time it is asked, and returns their directory.
func buildBinaries(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "corvid-tui-bin-"); built.err != nil {
			return
		}
		// Built as README says (static, -trimpath): the memory test
		// measures what users run.
		cmd := exec.Command("go", "build", "-trimpath", "-o", built.dir+string(os.PathSeparator), "corvid/cmd/corvid", "corvid/cmd/corvid-tui")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

func (e *e2e) tmux(args ...string) string {
	e.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", e.sock}, args...)...).CombinedOutput()
	if err != nil {
		e.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen is the pane with its scrollback, wrapped lines joined.
func (e *e2e) screen() string {
	return e.tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", e.target)
}

func (e *e2e) waitFor(what string, cond func(string) bool) string {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		if s = e.screen(); cond(s) {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	e.t.Fatalf("timed out waiting for %s; screen:\n%s", what, s)
	return ""
}

func (e *e2e) waitText(s string) string {
	e.t.Helper()
	return e.waitFor(fmt.Sprintf("%q", s), func(sc string) bool { return strings.Contains(sc, s) })
}

func (e *e2e) keys(k ...string) { e.tmux(append([]string{"send-keys", "-t", e.target}, k...)...) }

// typeLine types text literally and presses enter.
func (e *e2e) typeLine(s string) {
	e.tmux("send-keys", "-t", e.target, "-l", s)
	e.keys("Enter")
}

func tool(id, name string, input map[string]any) providertest.Block {
	return providertest.ToolUse(id, name, input)
}

func TestTmuxSession(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
	for _, d := range []string{proj, cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	story := strings.Repeat("Once upon a time a corvid counted the stars one by one. ", 60)
	sc := providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{
			providertest.Text("# Plan\n\nI will **write** the notes.\n\n```go\nfunc main() {}\n```\n"),
			tool("toolu_w", "Write", map[string]any{"file_path": filepath.Join(proj, "notes.txt"), "content": "alpha\nbeta\n"})}},
		{Blocks: []providertest.Block{tool("toolu_b1", "Bash", map[string]any{"command": "touch built.txt"})}},
		{Blocks: []providertest.Block{tool("toolu_b2", "Bash", map[string]any{"command": "mkdir refused-dir"})}},
		{Blocks: []providertest.Block{providertest.Text(story)}, ChunkDelay: 15 * time.Millisecond, ChunkSize: 8},
		{Blocks: []providertest.Block{providertest.Text("Answer to the queued question.")}},
		{Blocks: []providertest.Block{providertest.Text("Final answer.")}},
	}}
	srv := providertest.Start(t, sc)

	e := &e2e{t: t, sock: fmt.Sprintf("corvid-test-%d", os.Getpid()), target: "s"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1"}
	shell := fmt.Sprintf("cd %q && env %s %q; echo CORVID-EXIT=$?; sleep 60", proj, strings.Join(quoteAll(env), " "),
		filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "s", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

	// The status line is there: corvid handed over to corvid-tui.
	e.waitText("default mode")
	e.typeLine("write the notes")
	e.waitText("Do you want to proceed?")
	e.keys("1")
	s := e.waitText("● Write(notes.txt)")
	for _, want := range []string{"Plan", "write", "func main() {}", "1 + alpha", "2 + beta"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
	// Request 2: a Bash call answered "always": the rule is saved.
	s = e.waitFor("the Bash dialog", func(s string) bool {
		return strings.Count(s, "Do you want to proceed?") == 1 && strings.Contains(s, "touch built.txt")
	})
	e.keys("2")
	e.waitText("● Bash(touch built.txt)")
	local, err := os.ReadFile(filepath.Join(proj, ".claude", "settings.local.json"))
	if err != nil || !strings.Contains(string(local), `"Bash(touch`) {
		t.Errorf("the always rule was not saved: %s %v\n%s", local, err, e.screen())
	}
	// Request 3: refused; the turn stops and nothing ran.
	e.waitText("mkdir refused-dir")
	e.keys("Escape")
	e.waitText("No (refused by you)")
	if _, err := os.Stat(filepath.Join(proj, "refused-dir")); err == nil {
		t.Error("a refused command ran")
	}
	// Request 4: a long stream; queue a message, resize, then Esc.
	e.typeLine("tell a long story")
	e.waitText("counted the stars")
	e.typeLine("queued question")
	e.waitText("queued: queued question")
	e.tmux("resize-window", "-t", "s", "-x", "60", "-y", "30")
	time.Sleep(200 * time.Millisecond)
	e.keys("Escape")
	e.waitText("Interrupted by user")
	e.waitText("Answer to the queued question.")
	// /cost is local; then a next prompt works.
	e.typeLine("/cost")
	e.waitText("Total cost")
	e.typeLine("/context")
	e.waitText("instructions (CLAUDE.md)") // the real conversation splits the window by category
	e.waitText("autocompact buffer")       // the reserve above the auto-compact threshold
	e.typeLine("and now?")
	e.waitText("Final answer.")
	if testing.Verbose() {
		t.Logf("screen before exit:\n%s", e.screen())
	}
	e.keys("C-d")
	e.waitText("CORVID-EXIT=0")
	if b, err := os.ReadFile(filepath.Join(proj, "notes.txt")); err != nil || string(b) != "alpha\nbeta\n" {
		t.Errorf("notes.txt: %q %v", b, err)
	}
}

func quoteAll(env []string) []string {
	out := make([]string, len(env))
	for i, v := range env {
		b, _ := json.Marshal(v)
		out[i] = string(b)
	}
	return out
}
