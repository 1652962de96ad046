package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"corvid/internal/provider/providertest"
)

// sshStory is an answer long enough to stream for a few seconds and to
// wrap at any width; sshSong is the one Esc stops.
var (
	sshStory = storyOf("Sentence %d of the story about a corvid that counts the stars.", 40) + " THE END."
	sshSong  = storyOf("Verse %d of a song that nobody ever finishes singing.", 60) + " SONG END."
)

func storyOf(format string, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(format, i+1)
	}
	return strings.Join(parts, " ")
}

// The interactive interface over ssh: a real sshd on 127.0.0.1, the
// ssh client in a tmux pane, corvid on the far side with the terminal
// ssh made (TERM from the client, xterm-256color; no COLORTERM, no
// DISPLAY: ssh passes neither). A user's walk: the first paint, a
// streamed Markdown answer, a tool call asked about and allowed, the
// pane resized mid-stream (SIGWINCH crosses ssh: the answer is re-wrapped
// to the new width, no word lost), Esc mid-stream, ctrl+v with no
// clipboard, the terminal's background answer arriving cut in two over
// the link (no garbage typed, the light palette taken), colours in 256
// at most (a statusLine's true colour is brought down), and ctrl+d ends
// the session with no corvid process left on the far side.
func TestSSHSession(t *testing.T) {
	sshd, ssh, keygen := requireSSH(t)
	srv := startSSHD(t, sshd, keygen)
	p := newProject(t)
	settings := `{"statusLine":{"type":"command","command":"printf '\\033[38;2;255;120;0mSL-RGB\\033[0m over ssh'"}}`
	if err := os.WriteFile(filepath.Join(p.cfg, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	api := p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("# Plan\n\nI will **touch** a file over ssh.\n\n```go\nfunc main() {}\n```\n"),
			tool("toolu_t", "Bash", map[string]any{"command": "touch made-over-ssh.txt"})}},
		{Blocks: []providertest.Block{providertest.Text("Touched.")}},
		{Blocks: []providertest.Block{providertest.Text(sshStory)}, ChunkDelay: 15 * time.Millisecond, ChunkSize: 8},
		{Blocks: []providertest.Block{providertest.Text(sshSong)}, ChunkDelay: 15 * time.Millisecond, ChunkSize: 8},
		{Blocks: []providertest.Block{providertest.Text("Final answer over ssh.")}},
	}})
	e := launchSSH(t, p, srv, ssh, 100, 30)

	// The first paint: banner, input box, the statusLine.
	e.waitFor("the first paint", func(s string) bool {
		return strings.Contains(s, "✻ corvid") && strings.Contains(s, "Type a message") && strings.Contains(s, "SL-RGB over ssh")
	})
	e.typeLine(`!echo "T=$TERM C=${COLORTERM:-none} D=${DISPLAY:-none}/${WAYLAND_DISPLAY:-none} S=${SSH_TTY:+tty}"`)
	e.waitText("T=xterm-256color C=none D=none/none S=tty") // the terminal ssh made

	// The terminal's answer to the background query, light, cut in two
	// with a gap over the link; then a prompt typed at once.
	e.tmux("send-keys", "-t", e.target, "-H", "1b", "5d", "31", "31", "3b", "72", "67", "62", "3a") // ESC ]11;rgb:
	time.Sleep(300 * time.Millisecond)                                                              // the gap (not an assertion)
	e.tmux("send-keys", "-t", e.target, "-l", "ffff/ffff/ffff")
	e.tmux("send-keys", "-t", e.target, "-H", "1b", "5c") // ST
	e.typeLine("plan it")
	e.waitText("Do you want to proceed?")
	checkSSHColours(t, e, true)
	e.keys("1")
	s := e.waitText("Touched.")
	for _, want := range []string{"> plan it\n", "● Bash(touch made-over-ssh.txt)", "Plan", "touch a file over ssh", "func main() {}"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q:\n%s", want, s)
		}
	}
	for _, bad := range []string{"ffff", "# Plan", "**touch**"} {
		if strings.Contains(s, bad) {
			t.Errorf("%q on the screen:\n%s", bad, s)
		}
	}
	if _, err := os.Stat(filepath.Join(p.proj, "made-over-ssh.txt")); err != nil {
		t.Errorf("the allowed command did not run: %v", err)
	}
	if got := lastPrompt(t, api); got != "plan it" {
		t.Errorf("the prompt sent was %q, want %q", got, "plan it")
	}

	resizeMidStream(t, e)
	escMidStream(t, e)

	// ctrl+v: no clipboard over ssh; a notice says what to do instead.
	e.keys("C-v")
	notice := "over ssh the clipboard is on the computer you connected from"
	e.waitFor(fmt.Sprintf("%q", notice), func(s string) bool { // wrapped at 60 columns
		return strings.Contains(strings.Join(strings.Fields(s), " "), notice)
	})
	e.typeLine("and now?")
	e.waitText("Final answer over ssh.")
	checkSSHColours(t, e, false)

	e.keys("C-d")
	e.waitText("SSH-EXIT=0")
	var left []string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if left = withEnv("CORVID_CONFIG_DIR=" + p.cfg); len(left) == 0 {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("processes of the session outlived it: %v", left)
	}
}

// launchSSH runs the ssh client in a new tmux pane of w×h cells; on
// the far side corvid starts in the project with p's environment, its
// terminal the one ssh made.
func launchSSH(t *testing.T, p *project, srv *sshServer, ssh string, w, h int) *e2e {
	t.Helper()
	var env []string
	for _, kv := range p.env {
		if !strings.HasPrefix(kv, "TERM=") {
			env = append(env, shellQuote(kv))
		}
	}
	remote := fmt.Sprintf("cd %s && exec env %s %s", shellQuote(p.proj), strings.Join(env, " "),
		shellQuote(filepath.Join(p.bin, "corvid")))
	shell := fmt.Sprintf("env -u COLORTERM -u DISPLAY -u WAYLAND_DISPLAY -u NO_COLOR -u COLORFGBG TERM=xterm-256color %s; "+
		"echo SSH-EXIT=$?; sleep 60", srv.command(ssh, remote))
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-%s-%d", t.Name(), os.Getpid()), target: "ssh"}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	e.tmux("new-session", "-d", "-s", e.target, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), shell)
	return e
}

// lastPrompt is the text of the last user message of the first request.
func lastPrompt(t *testing.T, api *providertest.Server) string {
	t.Helper()
	reqs := api.Requests()
	if len(reqs) == 0 {
		t.Fatal("no request")
	}
	return promptText(t, reqs[0].Body)
}

// checkSSHColours: no true colour anywhere in the pane (the terminal
// says 256), the statusLine's true colour brought down to 256, and,
// after the light answer, no yellow (the dialog's title is dark orange).
func checkSSHColours(t *testing.T, e *e2e, dialog bool) {
	t.Helper()
	raw := e.tmux("capture-pane", "-p", "-e", "-S", "-2000", "-t", e.target)
	for c := range paneColours(raw) {
		if strings.HasPrefix(c, "38;2;") || strings.HasPrefix(c, "48;2;") {
			t.Errorf("true colour %s drawn on a 256-colour terminal", c)
		}
		if c == "33" || c == "93" {
			t.Errorf("yellow %s drawn after the terminal said its background is light", c)
		}
	}
	for _, l := range strings.Split(raw, "\n") {
		if strings.Contains(ansi.Strip(l), "SL-RGB") && !strings.Contains(l, "38;5;") {
			t.Errorf("the statusLine's colour was not brought to 256: %q", l)
		}
	}
	if dialog && !strings.Contains(raw, "38;5;130") {
		t.Errorf("the dialog is not in the light palette:\n%q", raw)
	}
}
