package tui

import (
	"context"
	"path/filepath"
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

// A held command that reopens the conversation (a settings edit) runs
// after the update that installed it; it took the conversation away
// from under that update's observers before (a nil dereference in the
// real program, where the statusLine settings are read at open).
func TestHeldReloadAfterOpen(t *testing.T) {
	release := make(chan struct{})
	h, dir, opens := ruleHarness(t, nil, func(o *Options) {
		open := o.Open
		o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
			<-release // the first open waits; later ones find it closed
			return open(ctx, sink, asker, resume)
		}
	})
	h.typeLine("/permissions add deny project Bash(rm -rf *)")
	close(release)
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Added deny rule") })
	waitFile(t, h, filepath.Join(dir, ".claude", "settings.json"), `"Bash(rm -rf *)"`)
	h.waitFor("the reopen", func(string, string) bool { return len(opens()) >= 2 })
	h.typeLine("/status")
	h.waitFor("the status", func(p, _ string) bool { return strings.Contains(p, "Session  sess-1") })
}
