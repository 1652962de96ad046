package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// The real binary in tmux: the user's statusLine command reads the
// session JSON on stdin and its line shows; with focus events on, tmux
// reports a pane no client looks at as not focused, so a finished turn
// rings the bell (preferredNotifChannel terminal_bell), which tmux
// records as the window's bell flag. With focus events off nothing says
// the pane lost focus, and no bell rings.
func TestTmuxStatusLineAndBell(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	for _, focus := range []string{"on", "off"} {
		t.Run("focus-events-"+focus, func(t *testing.T) {
			root := t.TempDir()
			proj, cfg := filepath.Join(root, "proj"), filepath.Join(root, "cfg")
			for _, d := range []string{proj, cfg} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			settings := `{"preferredNotifChannel":"terminal_bell","statusLine":{"type":"command",` +
				`"command":"printf 'SL %s\\n' \"$(grep -o '\"model\":{\"id\":\"[^\"]*' | cut -d'\"' -f6)\""}}`
			if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(settings), 0o600); err != nil {
				t.Fatal(err)
			}
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
				{Blocks: []providertest.Block{providertest.Text("First answer.")}}}})
			e := &e2e{t: t, sock: fmt.Sprintf("corvid-sl-%d-%s", os.Getpid(), focus), target: "s"}
			env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
				"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1", "ANTHROPIC_MODEL=claude-sonnet-4-5"}
			shell := fmt.Sprintf("cd %q && env %s %q; sleep 60", proj, strings.Join(quoteAll(env), " "),
				filepath.Join(bin, "corvid"))
			// The options are in force before corvid starts (a config file).
			conf := filepath.Join(root, "tmux.conf")
			if err := os.WriteFile(conf, []byte("set -g focus-events "+focus+"\nset -g bell-action any\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			e.tmux("-f", conf, "new-session", "-d", "-s", "s", "-x", "100", "-y", "30", shell)
			t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

			e.waitText("SL claude-sonnet-4-5") // the command ran at start, with the model on stdin
			e.typeLine("hello")
			e.waitText("First answer.")
			var flag string
			deadline := time.Now().Add(5 * time.Second)
			for time.Now().Before(deadline) {
				if flag = strings.TrimSpace(e.tmux("display", "-p", "-t", "s", "#{window_bell_flag}")); flag == "1" {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if want := map[string]string{"on": "1", "off": "0"}[focus]; flag != want {
				t.Errorf("window_bell_flag %s, want %s", flag, want)
			}
		})
	}
}
