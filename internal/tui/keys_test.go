package tui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/provider"
)

func seqOutput(n int) string {
	var lines []string
	for i := 1; i <= n; i++ {
		lines = append(lines, "out-"+itoa(i))
	}
	return strings.Join(lines, "\n")
}

// ctrl+o prints the last collapsed output whole and shows later output
// whole; pressed again, output is collapsed again.
func TestCtrlOExpandsToolOutput(t *testing.T) {
	call := func(id string) turnFunc {
		return func(ctx context.Context, f *fakeConv) event.Result {
			f.sink(event.Assistant{Block: provider.Block{Type: provider.BlockThinking,
				Thinking: "thought 1\nthought 2\nthought 3\nthought 4\nthought 5\nthought 6"}})
			f.tool(id, "Bash", `{"command":"seq 9"}`, seqOutput(9), false)
			return event.Result{Subtype: event.SubtypeSuccess}
		}
	}
	h := newHarness(t, 80, []turnFunc{call("t1"), call("t2"), call("t3")}, nil)
	h.typeLine("one")
	h.waitFor("the collapsed call", func(p, _ string) bool { return strings.Contains(p, "… +5 lines") })
	if strings.Contains(h.scrollback(), "out-9") {
		t.Fatal("the output was not collapsed")
	}
	h.key('o', tea.ModCtrl)
	h.waitFor("the output printed whole", func(p, v string) bool {
		return strings.Contains(p, "out-9") && strings.Contains(v, "ctrl+o to collapse")
	})
	h.typeLine("two")
	h.waitFor("the second call whole", func(p, _ string) bool { return strings.Count(p, "out-9") == 2 })
	h.waitFor("the thinking whole", func(p, _ string) bool { return strings.Contains(p, "thought 6") })
	h.key('o', tea.ModCtrl)
	h.waitFor("collapsed again", func(_, v string) bool { return strings.Contains(v, "ctrl+o to expand") })
	h.typeLine("three")
	h.waitFor("the third call collapsed", func(p, _ string) bool { return strings.Count(p, "… +5 lines") == 2 })
	if n := strings.Count(h.scrollback(), "thought 6"); n != 1 {
		t.Errorf("the thinking was shown whole %d times, want once (the second turn)", n)
	}
	if n := strings.Count(h.scrollback(), "out-9"); n != 2 {
		t.Errorf("out-9 printed %d times, want 2", n)
	}
}

// ctrl+r searches the history back from the newest entry; ctrl+r again
// goes further back; enter takes the match into the input (unsent); esc
// puts the draft back.
func TestCtrlRSearchesHistory(t *testing.T) {
	dir := t.TempDir()
	hist := loadHistory(dir, "/work/proj")
	for _, p := range []string{"first prompt", "list the files", "fix the bug", "deploy"} {
		hist.add(p, attachment{})
	}
	h := newHarness(t, 80, nil, func(o *Options) { o.ConfigDir = dir })
	h.key('r', tea.ModCtrl)
	h.tm.Type("fi")
	h.waitFor("the newest match", func(_, v string) bool { return strings.Contains(v, "(reverse-i-search)`fi': fix the bug") })
	h.key('r', tea.ModCtrl)
	h.waitFor("an older match", func(_, v string) bool { return strings.Contains(v, "`fi': list the files") })
	h.key('r', tea.ModCtrl)
	h.waitFor("the oldest match", func(_, v string) bool { return strings.Contains(v, "`fi': first prompt") })
	h.key('r', tea.ModCtrl) // nothing older: it stays
	h.key(tea.KeyEnter, 0)
	h.waitFor("the match in the input", func(_, v string) bool {
		return strings.Contains(v, "> first prompt") && !strings.Contains(v, "reverse-i-search")
	})
	if n := len(h.conv.promptTexts()); n != 0 {
		t.Fatalf("accepting a match sent %d prompts", n)
	}
	h.key('c', tea.ModCtrl) // clear the input
	h.tm.Type("draft")
	h.key('r', tea.ModCtrl)
	h.tm.Type("zzz")
	h.waitFor("no match", func(_, v string) bool { return strings.Contains(v, "(failed reverse-i-search)`zzz'") })
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyBackspace, 0)
	h.waitFor("all entries again", func(_, v string) bool { return strings.Contains(v, "`': deploy") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the draft back", func(_, v string) bool {
		return strings.Contains(v, "> draft") && !strings.Contains(v, "reverse-i-search")
	})
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// @ lists the project's files that git does not ignore, best fuzzy match
// first; tab puts the path in the input.
func TestAtMentionCompletesFiles(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Skipf("git init: %v %s", err, out)
	}
	writeFiles(t, dir, map[string]string{
		".gitignore": "build/\n*.log\n", "internal/model.go": "", "internal/view.go": "",
		"build/model.go": "", "model.log": "", ".hidden/model.go": "", "internal/old/model_test.go": "",
	})
	h := newHarness(t, 80, nil, func(o *Options) { o.Cwd = dir })
	h.tm.Type("look at @imodel")
	h.waitFor("the file menu", func(_, v string) bool { return strings.Contains(v, "❯ @internal/model.go") })
	v := h.currentView()
	for _, ignored := range []string{"build/model.go", "model.log", ".hidden", "view.go"} {
		if strings.Contains(v, ignored) {
			t.Errorf("the menu offers %s:\n%s", ignored, v)
		}
	}
	if !strings.Contains(v, "  @internal/old/model_test.go") {
		t.Errorf("the weaker match is missing:\n%s", v)
	}
	h.key(tea.KeyTab, 0)
	h.waitFor("the completed path", func(_, v string) bool {
		return strings.Contains(v, "> look at @internal/model.go") && !strings.Contains(v, "❯")
	})
	h.tm.Type("and @srv:res") // a resource mention is not a file
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(h.currentView(), "❯") {
		t.Errorf("a menu for a resource mention:\n%s", h.currentView())
	}
}

func TestFuzzyRank(t *testing.T) {
	paths := []string{"cmd/main_dl.go", "internal/model.go", "models/readme.md", "internal/tui/mode.go", "x/y.txt"}
	got := fuzzyRank("model", paths, 3)
	if len(got) != 2 || got[0] != "internal/model.go" || got[1] != "models/readme.md" {
		t.Errorf("fuzzyRank(model) = %q", got)
	}
	if got := fuzzyRank("mdl", paths, 10); len(got) != 3 || got[2] != "models/readme.md" {
		t.Errorf("fuzzyRank(mdl) = %q", got)
	}
	if got := fuzzyRank("MODEL", paths, 10); len(got) != 2 || got[0] != "internal/model.go" {
		t.Errorf("fuzzyRank(MODEL) = %q", got)
	}
	if got := fuzzyRank("zz", paths, 10); len(got) != 0 {
		t.Errorf("fuzzyRank(zz) = %q", got)
	}
}

// /vim: esc goes to normal mode, where keys move and edit instead of
// typing; i, A and o go back to insert; enter sends; /vim again turns it
// off (esc interrupts again).
func TestVimMode(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("ok")}, nil)
	h.typeLine("/vim")
	h.waitFor("vim on", func(p, v string) bool {
		return strings.Contains(p, "Vim mode on") && strings.Contains(v, "-- INSERT --")
	})
	h.tm.Type("hello big world")
	h.key(tea.KeyEscape, 0)
	h.waitFor("normal mode", func(_, v string) bool { return strings.Contains(v, "-- NORMAL --") })
	steps := []struct{ keys, want string }{
		{"0x", "> ello big world"},
		{"wdw", "> ello world"},
		{"$x", "> ello worl"},
		{"zq", "> ello worl"}, // not typed in normal mode
		{"bD", "> ello"},      // the space before "worl" stays, as in vim
		{"Ay", "> ello y"},
	}
	for _, st := range steps {
		for _, r := range st.keys {
			h.tm.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		want := st.want
		h.waitFor(want, func(_, v string) bool {
			return strings.Contains(v, want+" ") || strings.HasSuffix(firstInputLine(v), want)
		})
		if st.keys == "Ay" {
			h.key(tea.KeyEscape, 0)
		}
	}
	for _, r := range "otwo" {
		h.tm.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	h.waitFor("an opened line", func(_, v string) bool { return strings.Contains(v, "> two") && strings.Contains(v, "-- INSERT --") })
	h.key(tea.KeyEscape, 0)
	h.tm.Send(tea.KeyPressMsg{Code: 'd', Text: "d"})
	h.tm.Send(tea.KeyPressMsg{Code: 'd', Text: "d"})
	h.waitFor("the line deleted", func(_, v string) bool { return !strings.Contains(v, "two") && strings.Contains(v, "> ello y") })
	h.key(tea.KeyEnter, 0)
	if got := h.prompt(0); got != "ello y" {
		t.Errorf("sent %q", got)
	}
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "ok") })
	h.typeLine("/vim")
	h.waitFor("vim off", func(p, v string) bool { return strings.Contains(p, "Vim mode off") && !strings.Contains(v, "-- ") })
}

// firstInputLine is the view's input line (after the first rule).
func firstInputLine(v string) string {
	for _, l := range strings.Split(v, "\n") {
		if strings.HasPrefix(l, "> ") {
			return strings.TrimRight(l, " ")
		}
	}
	return ""
}
