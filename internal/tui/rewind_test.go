package tui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// rewindConv is the fake conversation with prompts to rewind to.
type rewindConv struct {
	*fakeConv
	mu      sync.Mutex
	prompts []event.Prompt
	rewound []int
}

func (r *rewindConv) Prompts() []event.Prompt {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]event.Prompt(nil), r.prompts...)
}

func (r *rewindConv) Rewind(id int) (event.Prompt, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rewound = append(r.rewound, id)
	for i, p := range r.prompts {
		if p.ID == id {
			r.prompts = r.prompts[:i]
			return p, nil
		}
	}
	return event.Prompt{}, errors.New("no such prompt")
}

func (r *rewindConv) rewinds() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int(nil), r.rewound...)
}

// clock answers each call with the next of its times, then with the
// last one: the key handler reads it once per Esc, whenever the program
// gets to the key.
type clock struct {
	mu    sync.Mutex
	times []time.Time
}

func (c *clock) get() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.times[0]
	if len(c.times) > 1 {
		c.times = c.times[1:]
	}
	return t
}

var rewindNow = time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)

func newRewindHarness(t *testing.T, turns []turnFunc, times ...time.Time) *rewindHarness {
	clk := &clock{times: append(times, rewindNow)}
	rc := &rewindConv{prompts: []event.Prompt{
		{ID: 1, Text: "list the files", At: rewindNow.Add(-3 * time.Hour)},
		{ID: 2, Text: "fix the parser\nand its tests", At: rewindNow.Add(-25 * time.Minute)},
		{ID: 3, Text: "now write the docs", At: rewindNow.Add(-20 * time.Second)},
	}}
	h := newHarness(t, 72, turns, func(o *Options) {
		o.now = clk.get
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			b, err := open(ctx, sink, asker, resume)
			rc.fakeConv = b.(*fakeConv)
			return rc, err
		}
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	return &rewindHarness{h, rc}
}

type rewindHarness struct {
	*harness
	rc *rewindConv
}

// settle types a marker and waits for it, so every key sent before it
// was handled; then it clears the input again.
func (h *harness) settle(marker string) {
	h.t.Helper()
	h.tm.Type(marker)
	h.waitFor("the marker "+marker, func(_, v string) bool { return strings.Contains(v, marker) })
	for range marker {
		h.key(tea.KeyBackspace, 0)
	}
	h.waitFor("the input cleared", func(_, v string) bool { return !strings.Contains(v, marker) })
}

func pickerOpen(v string) bool { return strings.Contains(v, "Rewind to before a prompt") }

// A single Esc does not open the picker, nor two too far apart, nor two
// with a key between; Esc Esc does: newest prompt first, each with its
// age, saying that only the conversation goes back. Enter on the second
// rewinds to it and puts its text in the input.
func TestEscEscOpensRewindPicker(t *testing.T) {
	at := func(ms int) time.Time { return rewindNow.Add(time.Duration(ms-10000) * time.Millisecond) }
	// The times the five Esc presses are handled at.
	h := newRewindHarness(t, nil, at(0), at(1000), at(1600), at(2000), at(2400))
	h.key(tea.KeyEscape, 0)
	h.settle("qq1")
	if pickerOpen(h.currentView()) {
		t.Fatal("a single Esc opened the picker")
	}
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0) // 600 ms after the first: too late, a new first
	h.settle("qq2")
	if pickerOpen(h.currentView()) {
		t.Fatal("two Esc 600 ms apart opened the picker")
	}
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0) // 400 ms after the first
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) })
	golden.RequireEqual(t, []byte(h.currentView()))

	h.key(tea.KeyDown, 0)
	h.key(tea.KeyEnter, 0)
	h.waitFor("the rewound prompt in the input", func(p, v string) bool {
		return !pickerOpen(v) && strings.Contains(v, "fix the parser") && strings.Contains(v, "and its tests") &&
			strings.Contains(p, "Rewound to before: fix the parser")
	})
	if got := h.rc.rewinds(); len(got) != 1 || got[0] != 2 {
		t.Errorf("rewound to %v, want [2]", got)
	}
}

// Esc Esc with text in the input does not open the picker; /rewind does,
// and Esc closes it without rewinding.
func TestRewindCommandAndCancel(t *testing.T) {
	h := newRewindHarness(t, nil)
	h.tm.Type("draft")
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0)
	h.settle("qq3")
	if pickerOpen(h.currentView()) {
		t.Fatal("Esc Esc over a draft opened the picker")
	}
	for range "draft" {
		h.key(tea.KeyBackspace, 0)
	}
	h.typeLine("/rewind")
	h.waitFor("the picker", func(_, v string) bool {
		return pickerOpen(v) && strings.Index(v, "now write the docs") < strings.Index(v, "list the files")
	})
	h.key(tea.KeyEscape, 0)
	h.waitFor("the picker closed", func(_, v string) bool { return !pickerOpen(v) })
	if got := h.rc.rewinds(); len(got) != 0 {
		t.Errorf("Esc rewound to %v", got)
	}
}

// While a turn runs, Esc interrupts it and Esc Esc does not open the
// picker.
func TestEscDuringTurnInterruptsOnly(t *testing.T) {
	h := newRewindHarness(t, []turnFunc{blockUntilInterrupt})
	h.typeLine("first")
	h.waitFor("the stream", func(p, v string) bool { return strings.Contains(p+v, "Working on it") })
	h.key(tea.KeyEscape, 0)
	h.waitFor("the interrupt", func(p, _ string) bool { return strings.Contains(p, "Interrupted by user") })
	h.settle("qq4")
	if pickerOpen(h.currentView()) {
		t.Fatal("the Esc that interrupted counted as the first of Esc Esc")
	}
}

// Two Esc read at once reach the interface as alt+esc: the picker opens.
func TestAltEscOpensRewindPicker(t *testing.T) {
	h := newRewindHarness(t, nil)
	h.key(tea.KeyEscape, tea.ModAlt)
	h.waitFor("the picker", func(_, v string) bool { return pickerOpen(v) })
}

// A conversation that cannot rewind says so.
func TestRewindUnsupported(t *testing.T) {
	h := newHarness(t, 72, nil, nil)
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0)
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "cannot be rewound") })
}
