package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/session"
)

// /resume lists this folder's other conversations and reopens the one
// picked; /clear opens a new one.
func TestResumePickerAndClear(t *testing.T) {
	var mu sync.Mutex
	var opened []string
	infos := []session.Info{
		{ID: "sess-1", FirstPrompt: "the current one"},
		{ID: "aaaaaaaa-older", FirstPrompt: "fix the parser", Messages: 12, Modified: time.Date(2026, 11, 25, 9, 30, 0, 0, time.UTC)},
		{ID: "bbbbbbbb-oldest", FirstPrompt: "write docs", Messages: 3, Modified: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)},
	}
	h := newHarness(t, 80, nil, func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			mu.Lock()
			opened = append(opened, resume)
			mu.Unlock()
			return open(ctx, sink, asker, resume)
		}
		o.Sessions = func() ([]session.Info, error) { return infos, nil }
	})
	h.waitFor("the banner", func(p, _ string) bool { return strings.Contains(p, "corvid") })
	h.typeLine("/resume")
	h.waitFor("the picker", func(_, v string) bool {
		return strings.Contains(v, "Resume a conversation") && strings.Contains(v, "fix the parser") &&
			!strings.Contains(v, "the current one")
	})
	h.tm.Type("2")
	h.waitFor("the resumed session", func(p, _ string) bool { return strings.Contains(p, "Resuming bbbbbbbb-oldest") })
	h.typeLine("/clear")
	h.waitFor("a new conversation", func(_, _ string) bool {
		mu.Lock()
		defer mu.Unlock()
		return len(opened) == 3
	})
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"", "bbbbbbbb-oldest", "-"}; strings.Join(opened, ",") != strings.Join(want, ",") {
		t.Errorf("opened %q, want %q", opened, want)
	}
}
