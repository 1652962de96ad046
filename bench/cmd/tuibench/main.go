// Command tuibench measures the interactive interface (corvid-tui) as a
// user runs it, against the scripted fake Messages API:
//
//   - first paint: from starting `corvid` (which hands over to
//     corvid-tui) in a pseudo-terminal (script) to the status line on the
//     screen, and the same in a tmux pane (its output read through
//     pipe-pane);
//
//   - idle CPU over 10 s and resident memory, in a tmux pane, after two
//     prompts were answered;
//
//   - with -turns N, resident memory (now and peak) after a session of N
//     turns in the same pane.
//
//     go build -o /tmp/tui/ ./cmd/corvid ./cmd/corvid-tui
//     go run ./bench/cmd/tuibench -dir /tmp/tui -n 20
//
// It needs `script` (util-linux) and tmux.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"corvid/internal/provider/providertest"
)

func main() {
	dir := flag.String("dir", "/tmp/tui", "directory holding corvid and corvid-tui")
	n := flag.Int("n", 20, "first-paint runs")
	idle := flag.Duration("idle", 10*time.Second, "idle CPU window (0: measure first paint only)")
	turns := flag.Int("turns", 0, "then go on to a session of this many turns and report its memory")
	settings := flag.String("settings", "", "user settings JSON to start corvid with (e.g. a statusLine)")
	flag.Parse()
	if err := run(*dir, *n, *idle, *turns, *settings); err != nil {
		fmt.Fprintln(os.Stderr, "tuibench:", err)
		os.Exit(1)
	}
}

func run(dir string, n int, idle time.Duration, turns int, settings string) error {
	sc := providertest.Scenario{Loop: true, ForgetBodies: true, Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("# Hello\n\nThis is **the first** answer.\n\n```go\nfunc main() {}\n```\n")}},
		{Blocks: []providertest.Block{providertest.Text("And a second answer, with a list:\n\n- one\n- two\n")}},
	}}
	srv, err := providertest.Listen(sc, "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer srv.Close()
	home, err := os.MkdirTemp("", "tuibench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "HOME=" + home,
		"CORVID_CONFIG_DIR=" + filepath.Join(home, "cfg"), "TERM=xterm-256color"}
	corvid := filepath.Join(dir, "corvid")
	if settings != "" {
		if err := os.MkdirAll(filepath.Join(home, "cfg"), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(home, "cfg", "settings.json"), []byte(settings), 0o600); err != nil {
			return err
		}
	}

	base, err := measure(n, func() (time.Duration, error) { return firstPaint("printf 'default mode'", env) })
	if err != nil {
		return err
	}
	report("baseline: script + stty + printf", base)
	paintFaults = nil
	paint, err := measure(n, func() (time.Duration, error) { return firstPaint("exec "+corvid, env) })
	if err != nil {
		return err
	}
	report("corvid (→ corvid-tui): start → status line painted", paint)
	reportFaults("  minor page faults at the status line (load-independent)")
	tb, err := measure(n, func() (time.Duration, error) { return tmuxPaint("printf 'default mode'", env) })
	if err != nil {
		return err
	}
	report("baseline: tmux pane + pipe-pane + printf", tb)
	paintFaults = nil
	tp, err := measure(n, func() (time.Duration, error) { return tmuxPaint("exec "+corvid, env) })
	if err != nil {
		return err
	}
	report("the same in a tmux pane (pipe-pane)", tp)
	reportFaults("  minor page faults at the status line (load-independent)")
	if idle <= 0 {
		return nil // -idle 0: first paint only
	}
	return idleAfterTwoPrompts(corvid, env, idle, turns)
}
