package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// In a real terminal: Shift+Tab cycles default → acceptEdits → plan →
// default; the status line names each mode and the conversation really
// runs in it: a Write goes without a question, then is refused by plan
// mode, then is asked about. bypassPermissions is never offered.
func TestTmuxShiftTabCyclesModes(t *testing.T) {
	requireTmux(t)
	p := newProject(t, "NO_COLOR=1")
	write := func(id, name string) providertest.Turn {
		return providertest.Turn{Blocks: []providertest.Block{
			tool(id, "Write", map[string]any{"file_path": filepath.Join(p.proj, name), "content": "x\n"})}}
	}
	say := func(s string) providertest.Turn {
		return providertest.Turn{Blocks: []providertest.Block{providertest.Text(s)}}
	}
	p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		write("toolu_a", "a.txt"), say("a is done"),
		write("toolu_b", "b.txt"), say("b was refused"),
		write("toolu_c", "c.txt"), say("c is done"),
	}})
	e := &e2e{t: t}
	p.launch(e, "mode", 100, 30)
	e.waitText("default mode")

	e.keys("BTab")
	e.waitText("⏵⏵ accept edits on")
	e.typeLine("write a")
	e.waitText("a is done")
	if s := e.screen(); strings.Contains(s, "Do you want to proceed?") {
		t.Errorf("acceptEdits asked about a Write:\n%s", s)
	}
	mustExist(t, filepath.Join(p.proj, "a.txt"), true)

	e.keys("BTab")
	e.waitText("⏸ plan mode on")
	e.typeLine("write b")
	e.waitText("b was refused")
	mustExist(t, filepath.Join(p.proj, "b.txt"), false)

	e.keys("BTab")
	e.waitFor("default mode again", func(s string) bool { return lastStatus(s, "default mode") })
	e.typeLine("write c")
	e.waitText("Do you want to proceed?")
	e.keys("1")
	e.waitText("c is done")
	mustExist(t, filepath.Join(p.proj, "c.txt"), true)

	e.keys("BTab")
	e.waitFor("acceptEdits again", func(s string) bool { return lastStatus(s, "accept edits on") })
	e.keys("BTab")
	e.waitFor("plan again", func(s string) bool { return lastStatus(s, "plan mode on") })
	e.keys("BTab")
	e.waitFor("default after plan", func(s string) bool { return lastStatus(s, "default mode") })
	if s := e.screen(); strings.Contains(s, "bypass") {
		t.Errorf("bypassPermissions offered without being allowed:\n%s", s)
	}
}

// Started with --allow-dangerously-skip-permissions, the cycle reaches
// bypassPermissions after plan, where a command that asks in default
// mode runs without a question; one more Shift+Tab is default again.
func TestTmuxShiftTabReachesBypassWhenAllowed(t *testing.T) {
	requireTmux(t)
	p := newProject(t, "NO_COLOR=1", "IS_SANDBOX=1")
	p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{tool("toolu_m", "Bash", map[string]any{"command": "mkdir bypassed-dir"})}},
		{Blocks: []providertest.Block{providertest.Text("made it")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "bypass", 100, 30, "--allow-dangerously-skip-permissions")
	e.waitText("default mode")
	for _, want := range []string{"accept edits on", "plan mode on", "bypass permissions on"} {
		e.keys("BTab")
		e.waitFor(want, func(s string) bool { return lastStatus(s, want) })
	}
	e.typeLine("make the dir")
	e.waitText("made it")
	if s := e.screen(); strings.Contains(s, "Do you want to proceed?") {
		t.Errorf("bypassPermissions asked:\n%s", s)
	}
	mustExist(t, filepath.Join(p.proj, "bypassed-dir"), true)
	e.keys("BTab")
	e.waitFor("default after bypass", func(s string) bool { return lastStatus(s, "default mode") })
}

// lastStatus reports whether the last non-blank line of the pane (the
// status line) contains want.
func lastStatus(screen, want string) bool {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return strings.Contains(lines[i], want)
		}
	}
	return false
}

func mustExist(t *testing.T, path string, want bool) {
	t.Helper()
	_, err := os.Stat(path)
	if got := err == nil; got != want {
		t.Errorf("%s exists: %v, want %v", path, got, want)
	}
}
