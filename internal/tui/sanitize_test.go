package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
)

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"plain 中文 🎉":                    "plain 中文 🎉",
		"a\tb\tc":                       "a       b       c",
		"中\tx":                          "中      x",
		"one\r\ntwo\r\n":                "one\ntwo\n",
		"progress 10%\rprogress 100%\n": "progress 100%\n",
		"trailing cr\r":                 "trailing cr",
		"bell\x07 nul\x00 bs\b del\x7f": "bell nul bs del",
		"clear\x1b[2J\x1b[Hhome":        "clearhome",
		"title\x1b]0;PWNED\x07 clip\x1b]52;c;aGk=\x07!": "title clip!",
		"c1 \u009b2J csi": "c1 2J csi",
		"bad \xff byte":   "bad  byte",
	} {
		if got := cleanText(in); got != want {
			t.Errorf("cleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCleanMarkdownKeepsTabsAndLines(t *testing.T) {
	in := "```go\nfunc f() {\n\treturn\n}\n```\r\nhi\x1b[2J\x07\b there"
	if got, want := cleanMarkdown(in), "```go\nfunc f() {\n\treturn\n}\n```\nhi there"; got != want {
		t.Errorf("cleanMarkdown = %q, want %q", got, want)
	}
}

func TestTermSafeKeepsOwnStyling(t *testing.T) {
	link := "\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\"
	in := "\x1b[1;38;5;203mred\x1b[m " + link + "\n\x1b[?25l\x1b]0;t\x07x\ty\r\x1b[2J\x1bc"
	want := "\x1b[1;38;5;203mred\x1b[m " + link + "\nx y"
	if got := termSafe(in); got != want {
		t.Errorf("termSafe = %q, want %q", got, want)
	}
	for _, s := range []string{"styled \x1b[2mdim\x1b[m 中文\n", link, "plain"} {
		if termSafe(s) != s || !drawable(s) {
			t.Errorf("termSafe changed %q (drawable %v)", s, drawable(s))
		}
	}
	for _, s := range []string{in, "a\tb", "\xff", "\u009b", "x\x1b[2J"} {
		if drawable(s) {
			t.Errorf("drawable(%q), want false", s)
		}
	}
}

// A model's answer and a tool's output with escape sequences and control
// characters (a screen erase, a title change, a clipboard write,
// backspaces, carriage returns, tabs) reach the terminal as plain text:
// nothing in what is drawn moves the cursor, erases or sets anything.
// Before, the answer cleared the screen and retitled the window, and a
// tool's tabs and carriage returns broke the layout.
func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	hostile := "before\x1b[2J\x1b[Hafter \x1b]0;PWNED\x07\x1b]52;c;aGk=\x07 bs\b\b\bX bell\x07 \x1b[?1049h"
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		f.tool("toolu_1", "Bash", `{"command":"printf x\u001b]0;T\u0007"}`,
			"col1\tcol2\tcol3\r\nprogress 10%\rprogress 100%\n"+hostile, false)
		f.stream(hostile+"\n\nthe end", 5)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 80, []turnFunc{turn}, nil)
	h.tm.Send(tea.PasteMsg{Content: "hi\tthere \x1b[31mred\x1b]0;P\x07"}) // a tab pastes as 4 spaces, as in Claude Code
	h.key(tea.KeyEnter, 0)
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "the end") })
	p := h.scrollback()
	for _, want := range []string{"⎿ col1    col2    col3", "    progress 100%", "> hi    there red"} {
		if !strings.Contains(p, want) {
			t.Errorf("scrollback lacks %q:\n%s", want, p)
		}
	}
	if strings.Contains(p, "progress 10%") {
		t.Errorf("the overwritten progress shows:\n%s", p)
	}
	raw := h.term.String()
	for _, bad := range []string{"\x1b]0;", "\x1b]52;", "\x1b[2J", "\x1b[H", "\x1b[?1049h", "\b", "\x07", "\t"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the terminal was sent %q", bad)
		}
	}
}
