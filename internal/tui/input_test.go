package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// A large paste shows as a placeholder and is sent whole.
func TestLargePasteCollapsed(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("ok")}, nil)
	var lines []string
	for i := range 420 {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	pasted := strings.Join(lines, "\n")
	h.tm.Type("see ")
	h.tm.Send(tea.PasteMsg{Content: pasted})
	h.waitFor("the placeholder", func(_, v string) bool { return strings.Contains(v, "> see [Pasted text #1 +419 lines]") })
	h.key(tea.KeyEnter, 0)
	if got := h.prompt(0); got != "see "+pasted {
		t.Errorf("sent %d bytes, want %d", len(got), len("see "+pasted))
	}
}

// shift+enter, ctrl+j and a trailing backslash make new lines; enter
// sends all of them.
func TestMultiLineInput(t *testing.T) {
	h := newHarness(t, 80, []turnFunc{answer("ok")}, nil)
	h.tm.Type("one")
	h.key(tea.KeyEnter, tea.ModShift)
	h.tm.Type("two")
	h.key('j', tea.ModCtrl)
	h.tm.Type("three\\")
	h.key(tea.KeyEnter, 0)
	h.tm.Type("four")
	h.key(tea.KeyEnter, 0)
	if got := h.prompt(0); got != "one\ntwo\nthree\nfour" {
		t.Errorf("prompt %q", got)
	}
}

// Prompts are kept per project under the config directory, and up/down
// recall them in a later session.
func TestHistoryPersistsPerProject(t *testing.T) {
	dir := t.TempDir()
	h1 := loadHistory(dir, "/work/proj")
	h1.add("first", attachment{})
	h1.add("second", attachment{})
	h1.add("second", attachment{}) // a repeat is kept once
	other := loadHistory(dir, "/work/other")
	if len(other.entries) != 0 {
		t.Fatalf("another project sees %q", other.entries)
	}
	h := newHarness(t, 80, nil, func(o *Options) { o.ConfigDir = dir })
	h.tm.Type("dra")
	h.key(tea.KeyUp, 0) // a non-empty draft: up moves in the text, no recall
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyUp, 0)
	h.waitFor("the last prompt", func(_, v string) bool { return strings.Contains(v, "> second") })
	h.key(tea.KeyUp, 0)
	h.waitFor("the first prompt", func(_, v string) bool { return strings.Contains(v, "> first") })
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyDown, 0)
	h.waitFor("the empty draft", func(_, v string) bool { return strings.Contains(v, "> Type a message") })
	data, err := os.ReadFile(historyPath(dir, "/work/proj"))
	if err != nil || string(data) != "\"first\"\n\"second\"\n" {
		t.Errorf("history file %q, %v", data, err)
	}
}

// `!cmd` runs in the working directory, prints its output, and the
// next prompt carries it to the model.
func TestBangRunsShell(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, 80, []turnFunc{answer("ok")}, func(o *Options) { o.Cwd = dir })
	h.typeLine("!echo hi-from-shell; pwd")
	h.waitFor("the output", func(p, _ string) bool { return strings.Contains(p, "⎿ hi-from-shell") })
	if n := len(h.conv.promptTexts()); n != 0 {
		t.Fatalf("a shell command was sent as a prompt")
	}
	h.typeLine("what did it say?")
	got := h.prompt(0)
	want := "<bash-input>echo hi-from-shell; pwd</bash-input>\n<bash-stdout>hi-from-shell\n" + dir + "</bash-stdout>\nwhat did it say?"
	if got != want {
		t.Errorf("prompt %q, want %q", got, want)
	}
}

// Typing "/" lists the commands with descriptions; tab completes.
func TestSlashCompletion(t *testing.T) {
	h := newHarness(t, 60, nil, nil)
	h.tm.Type("/")
	h.waitFor("the menu", func(_, v string) bool { return strings.Contains(v, "/resume") && strings.Contains(v, "/help") })
	golden.RequireEqual(t, []byte(h.currentView()))
	h.tm.Type("co")
	h.waitFor("the filtered menu", func(_, v string) bool {
		return strings.Contains(v, "/compact") && strings.Contains(v, "/cost") && !strings.Contains(v, "/help")
	})
	h.key(tea.KeyDown, 0)
	h.key(tea.KeyTab, 0)
	h.waitFor("the completion", func(_, v string) bool { return strings.Contains(v, "> /cost") })
}

// /help at 60 columns: keys and commands, in the scrollback.
func TestHelpAt60Columns(t *testing.T) {
	h := newHarness(t, 60, nil, nil)
	h.typeLine("/help")
	h.waitFor("the help", func(p, _ string) bool { return strings.Contains(p, "/exit") })
	golden.RequireEqual(t, []byte(h.scrollback()))
}

// /cost and /compact go to the conversation, which runs them; the
// report is shown.
func TestCostForwarded(t *testing.T) {
	report := func(context.Context, *fakeConv) event.Result {
		return event.Result{Subtype: event.SubtypeSuccess, Text: "Total cost: $0.0123", TotalCostUSD: 0.0123}
	}
	h := newHarness(t, 80, []turnFunc{report}, nil)
	h.typeLine("/cost")
	h.waitFor("the report", func(p, _ string) bool { return strings.Contains(p, "Total cost: $0.0123") })
	if got := h.prompt(0); got != "/cost" {
		t.Errorf("sent %q", got)
	}
}

// /context draws the window by category: a hundredth of the window a
// cell, at least one for a category with any tokens, and the legend.
func TestContextGrid(t *testing.T) {
	u := event.ContextUsage{Window: 200000, System: 4000, Tools: 20000, MCPTools: 100, Instructions: 2000, Messages: 10000}
	g := contextGrid(u, 35500, true)
	if n := strings.Count(g, "■"); n != 2+10+1+1+5+5 { // cells, plus five legend marks
		t.Errorf("%d used cells in\n%s", n, g)
	}
	for _, want := range []string{"system prompt                  4000 tokens   2.0%", "tools                         20000 tokens  10.0%",
		"MCP tools                       100 tokens   0.1%", "instructions (CLAUDE.md)       2000 tokens   1.0%",
		"messages                      10000 tokens   5.0%", "free                         163900 tokens  82.0%",
		"the last request used 35500 (measured)"} {
		if !strings.Contains(g, want) {
			t.Errorf("missing %q in\n%s", want, g)
		}
	}
	// With auto-compaction at 167,000 the reserve above it is drawn at
	// the grid's end (17 cells) and taken from the free space.
	u.AutoCompact = 167_000
	g = contextGrid(u, 0, true)
	if n := strings.Count(g, "▨"); n != 17+1 {
		t.Errorf("%d reserve cells in\n%s", n, g)
	}
	for _, want := range []string{"autocompact buffer            33000 tokens  16.5%", "free                         130900 tokens  65.5%"} {
		if !strings.Contains(g, want) {
			t.Errorf("missing %q in\n%s", want, g)
		}
	}
}

// A prompt is appended to the history file (one line, no rewrite); a
// file grown past the cap by appends is cut to its newest entries when
// a session starts.
func TestHistoryAppendsAndCompactsOnLoad(t *testing.T) {
	dir := t.TempDir()
	path := historyPath(dir, "/work/proj")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range maxHistory + 700 {
		b.WriteString("\"p" + itoa(i) + "\"\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	h := loadHistory(dir, "/work/proj")
	if len(h.entries) != maxHistory || h.entries[0] != "p700" || h.entries[maxHistory-1] != "p"+itoa(maxHistory+699) {
		t.Fatalf("kept %d entries, %q … %q", len(h.entries), h.entries[0], h.entries[len(h.entries)-1])
	}
	lines := func() []string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	if got := lines(); len(got) != maxHistory || got[0] != `"p700"` {
		t.Fatalf("the file was not compacted: %d lines, first %q", len(got), got[0])
	}
	// Another session appends meanwhile; ours appends after it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\"from the other session\"\n")
	f.Close()
	h.add("newest", attachment{})
	got := lines()
	if len(got) != maxHistory+2 || got[maxHistory] != `"from the other session"` || got[maxHistory+1] != `"newest"` {
		t.Fatalf("after add: %d lines, tail %q", len(got), got[len(got)-2:])
	}
}

// contextConv is a conversation that reports its window by category.
type contextConv struct{ *fakeConv }

func (contextConv) ContextUsage() event.ContextUsage {
	return event.ContextUsage{Window: 1_000_000, System: 3000, Tools: 12000, MCPTools: 4000, Instructions: 1500, Messages: 800}
}

// With a conversation that reports its categories, /context draws them
// against the model's window.
func TestContextByCategory(t *testing.T) {
	h := newHarness(t, 100, nil, func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			b, err := open(ctx, sink, asker, resume)
			return contextConv{b.(*fakeConv)}, err
		}
	})
	h.typeLine("/context")
	h.waitFor("the grid", func(p, _ string) bool { return strings.Contains(p, "window 1000000 tokens") })
	for _, want := range []string{"MCP tools                      4000 tokens   0.4%", "instructions (CLAUDE.md)       1500 tokens   0.1%", "free                         978700 tokens  97.9%"} {
		if p := h.scrollback(); !strings.Contains(p, want) {
			t.Errorf("missing %q in\n%s", want, p)
		}
	}
}
