package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"corvid/internal/event"
)

func TestStableCut(t *testing.T) {
	for _, tc := range []struct{ in, done string }{
		{"para one\n\npara two", "para one\n\n"},
		{"no blank line yet\nsecond line", ""},
		{"```go\nx := 1\n\ny := 2\n", ""}, // a blank line inside an open fence
		{"```go\nx := 1\n\ny := 2\n```\n\nafter", "```go\nx := 1\n\ny := 2\n```\n\n"},
		{"- item one\n\n- item two", ""}, // a loose list may go on
		{"1. step\n\n", ""},
		{"intro\n\n- a\n- b\n\nend", "intro\n\n- a\n- b\n\n"[:7]},
		{"~~~\ncode\n\n~~~\n\nnext", "~~~\ncode\n\n~~~\n\n"},
	} {
		if got := tc.in[:stableCut(tc.in)]; got != tc.done {
			t.Errorf("stableCut(%q) keeps %q, want %q", tc.in, got, tc.done)
		}
	}
}

// Deltas are coalesced: a stream of many small deltas is rendered at
// most once per frame, not once per delta; complete blocks are printed
// once; and when the turn ends no timer is left running.
func TestStreamCoalescedAndIdleAfter(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		b.WriteString("Paragraph number " + itoa(i) + " has some words in it.\n\n")
	}
	text := b.String()
	var elapsed time.Duration
	turn := func(ctx context.Context, f *fakeConv) event.Result {
		start := time.Now()
		f.stream(text, 3) // about 1,400 deltas
		elapsed = time.Since(start)
		return event.Result{Subtype: event.SubtypeSuccess}
	}
	h := newHarness(t, 100, []turnFunc{turn}, nil)
	h.typeLine("write a lot")
	h.waitFor("the end", func(p, v string) bool {
		return strings.Contains(p, "Paragraph number 59") && strings.Contains(v, "$0.0000")
	})
	time.Sleep(500 * time.Millisecond) // a frame already armed fires once more
	if err := h.tm.Quit(); err != nil {
		t.Fatal(err)
	}
	m := h.tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*model)
	deltas := (len(text) + 2) / 3
	frames := int(elapsed/frameInterval) + 2
	if m.stream.renders > frames || m.stream.renders >= deltas/2 { // per frame, never per delta
		t.Errorf("%d tail renders for %d deltas over %v (at most %d frames)", m.stream.renders, deltas, elapsed, frames)
	}
	if m.stream.armed || m.spinning {
		t.Errorf("timers left running after the turn: frame=%v spinner=%v", m.stream.armed, m.spinning)
	}
	if n := strings.Count(h.scrollback(), "Paragraph number 7 "); n != 1 {
		t.Errorf("paragraph 7 printed %d times", n)
	}
}

// The same answer at 60 and at 250 columns wraps to the width.
func TestWidths(t *testing.T) {
	long := strings.Repeat("word ", 80)
	for _, w := range []int{60, 250} {
		h := newHarness(t, w, []turnFunc{answer(long)}, nil)
		h.typeLine("go")
		h.waitFor("the answer", func(p, _ string) bool { return strings.Count(p, "word") == 80 })
		for _, l := range strings.Split(h.scrollback(), "\n") {
			if n := len([]rune(l)); n > w {
				t.Errorf("width %d: a %d-column line: %q", w, n, l)
			}
		}
	}
}

// NO_COLOR (the Ascii profile) leaves no colour codes in what is printed.
func TestNoColorStripsColour(t *testing.T) {
	s := styleErr.Render("bad") + " " + renderDiff("a\n", "b\n", 3, 80)
	if got := downsample(s, colorprofile.Ascii); strings.Contains(got, "\x1b[3") {
		t.Errorf("colour left: %q", got)
	}
	if got := downsample(s, colorprofile.ANSI); !strings.Contains(got, "\x1b[") {
		t.Errorf("colour lost on ANSI: %q", got)
	}
}

// Diffs are numbered from where the new text sits in the edited file.
func TestDiffLineNumbers(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f.go")
	if err := os.WriteFile(p, []byte("package f\n\n// A is new.\nfunc A() {}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got := stripANSI(renderDiff("func A() {}\n", "// A is new.\nfunc A() {}\n", lineOf(p, "// A is new.\nfunc A() {}\n"), 80))
	want := "    3 + // A is new.\n    4   func A() {}"
	if got != want {
		t.Errorf("diff\n%s\nwant\n%s", got, want)
	}
}
