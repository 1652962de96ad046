package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// fakeTmux puts on PATH a `tmux` that notes each call in the returned
// log and answers with testdata/tmuxinfo/<answer>.txt (recorded from
// tmux 3.3a by record.sh), or fails ("no client") for answer "fail".
func fakeTmux(t *testing.T, answer string) (log string) {
	t.Helper()
	dir := t.TempDir()
	log = filepath.Join(dir, "calls")
	reply := "echo 'no current client' >&2; exit 1"
	if answer != "fail" {
		fixture, err := filepath.Abs(filepath.Join("testdata", "tmuxinfo", answer+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		reply = fmt.Sprintf("cat %q", fixture)
	}
	script := fmt.Sprintf("#!/bin/sh\necho \"$*\" >> %q\n%s\n", log, reply)
	if err := os.WriteFile(filepath.Join(dir, "tmux"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return log
}

func tmuxCalls(t *testing.T, log string) int {
	t.Helper()
	b, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "info\n")
}

// The oracle is colorprofile's own reading of the real recordings.
func TestTmuxInfoTrueColourAgreesWithColorprofile(t *testing.T) {
	for _, answer := range []string{"plain", "tc", "fail"} {
		t.Run(answer, func(t *testing.T) {
			fakeTmux(t, answer)
			want := colorprofile.Tmux([]string{"TMUX=/tmp/tmux-0/default,1,0"}) == colorprofile.TrueColor
			if got := tmuxTrueColour(context.Background()); got != want {
				t.Errorf("tmuxTrueColour = %v, colorprofile says %v", got, want)
			}
			if want != (answer == "tc") {
				t.Errorf("colorprofile read the %s recording as true colour %v", answer, want)
			}
		})
	}
}

// Profile never runs tmux; with the probe the model asks after the first
// paint, it ends on the profile colorprofile.Detect finds by asking
// tmux at once — over terminals, COLORTERM, tmux's answers and outside
// tmux.
func TestProfileThenProbeEqualsDetect(t *testing.T) {
	for _, term := range []string{"xterm", "xterm-256color", "dumb"} {
		for _, colorterm := range []string{"", "truecolor"} {
			for _, answer := range []string{"plain", "tc", "fail", "outside"} {
				name := fmt.Sprintf("%s/%q/%s", term, colorterm, answer)
				t.Run(name, func(t *testing.T) { profileCase(t, term, colorterm, answer) })
			}
		}
	}
}

func profileCase(t *testing.T, term, colorterm, answer string) {
	reply := answer
	if answer == "outside" { // a tmux that would say true colour, not asked
		reply = "tc"
	}
	log := fakeTmux(t, reply)
	t.Setenv("TERM", term)
	t.Setenv("COLORTERM", colorterm)
	t.Setenv("TTY_FORCE", "1") // the pipe below counts as the terminal
	t.Setenv("NO_COLOR", "")
	t.Setenv("CLICOLOR_FORCE", "")
	t.Setenv("TMUX", "/tmp/tmux-0/default,1,0")
	if answer == "outside" {
		t.Setenv("TMUX", "")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	want := colorprofile.Detect(w, os.Environ())
	asked := tmuxCalls(t, log)
	if err := os.Remove(log); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}

	p := Profile(w, os.Getenv)
	if n := tmuxCalls(t, log); n != 0 {
		t.Fatalf("Profile ran tmux %d times", n)
	}
	m := &model{ctx: context.Background(), o: Options{Profile: p, Getenv: os.Getenv}, md: newMarkdown(p)}
	if cmd := m.probeTmuxColours(); cmd != nil {
		if apply, ok := cmd().(applyMsg); ok {
			apply(m)
		}
	}
	if m.o.Profile != want || m.md.profile != want {
		t.Errorf("profile %v (markdown %v), colorprofile.Detect says %v", m.o.Profile, m.md.profile, want)
	}
	if n := tmuxCalls(t, log); n != asked {
		t.Errorf("tmux asked %d times after the paint, Detect asked %d", n, asked)
	}
}
