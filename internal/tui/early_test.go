package tui

import (
	"context"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/permission"
)

// Commands typed before the conversation has opened run once it has, in
// the order typed; before, /agents and /status did nothing and a custom
// command was called unknown.
func TestCommandsTypedWhileOpeningRunAfter(t *testing.T) {
	release := make(chan struct{})
	h := newHarness(t, 100, []turnFunc{answer("greeted")}, func(o *Options) {
		withProject(o)
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			<-release
			return open(ctx, sink, asker, resume)
		}
	})
	h.typeLine("/agents")
	h.typeLine("/status")
	h.typeLine("/greet world")
	h.typeLine("/help")
	h.waitFor("/help, which needs no conversation", func(p, _ string) bool { return strings.Contains(p, "Keys") })
	if p := h.scrollback(); strings.Contains(p, "reviewer") || strings.Contains(p, "Unknown command") {
		t.Fatalf("ran before the conversation opened:\n%s", p)
	}
	close(release)
	h.waitFor("the held commands", func(p, _ string) bool {
		return strings.Contains(p, "reviewer") && strings.Contains(p, "Session  sess-1")
	})
	if got := h.prompt(0); got != "/greet world" {
		t.Errorf("sent %q, want the custom command line", got)
	}
	p := h.scrollback()
	if a, s := strings.Index(p, "> /agents"), strings.Index(p, "> /status"); a < 0 || s < a {
		t.Errorf("held commands out of order:\n%s", p)
	}
	if strings.Contains(p, "Unknown command") {
		t.Errorf("a custom command typed early was called unknown:\n%s", p)
	}
}
