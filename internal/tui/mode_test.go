package tui

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// A Shift+Tab pressed while the conversation is still opening is not
// lost when it opens (it was: the opened conversation's mode replaced
// the one shown), and the mode chosen stays across /clear.
func TestModeChosenBeforeOpenAndAcrossClear(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var convs []*fakeConv
	h := newHarness(t, 80, nil, func(o *Options) {
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			fc := &fakeConv{sink: sink, asker: asker}
			mu.Lock()
			convs = append(convs, fc)
			mu.Unlock()
			return fc, nil
		}
	})
	h.key(tea.KeyTab, tea.ModShift)
	h.waitFor("acceptEdits shown", func(_, v string) bool { return strings.Contains(v, "accept edits on") })
	close(release)
	h.waitFor("the conversation", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/clear")
	h.waitFor("the second conversation", func(p, _ string) bool { return strings.Count(p, "✻ corvid") == 2 })
	if v := h.currentView(); !strings.Contains(v, "accept edits on") {
		t.Errorf("the mode shown changed:\n%s", v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(convs) != 2 {
		t.Fatalf("%d conversations opened, want 2", len(convs))
	}
	for i, fc := range convs {
		fc.mu.Lock()
		got := slices.Clone(fc.modes)
		fc.mu.Unlock()
		if want := []permission.Mode{permission.ModeAcceptEdits}; !slices.Equal(got, want) {
			t.Errorf("conversation %d was set to %v, want %v", i, got, want)
		}
	}
}
