package shells

import (
	"strings"
	"sync"
	"testing"
)

// recorder collects what Observe reports.
type recorder struct {
	mu    sync.Mutex
	infos []Info
}

func (r *recorder) add(i Info) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.infos = append(r.infos, i)
}

func (r *recorder) of(id string) []Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Info
	for _, i := range r.infos {
		if i.ID == id {
			out = append(out, i)
		}
	}
	return out
}

// The observer hears of each shell's start and end exactly once each,
// the start first, with the status its end deserves: exit 0, exit 3,
// killed by Kill; and the end is reported before Wait or Kill returns.
func TestObserveStartAndEndOnce(t *testing.T) {
	m, dir := newManager(t, Options{})
	rec := &recorder{}
	m.Observe(rec.add)
	ok := start(t, m, dir, "echo fine")
	bad := start(t, m, dir, "exit 3")
	slow := start(t, m, dir, "sleep 60")
	if got := rec.of(slow.ID); len(got) != 1 || got[0].Status != Running {
		t.Fatalf("after Start: %+v", got)
	}
	wait(t, m, ok.ID)
	wait(t, m, bad.ID)
	if _, stopped, err := m.Kill(slow.ID); err != nil || !stopped {
		t.Fatalf("Kill: %v %v", stopped, err)
	}
	for _, c := range []struct {
		id   string
		want Status
		code int
	}{{ok.ID, Completed, 0}, {bad.ID, Failed, 3}, {slow.ID, Killed, -2}} {
		got := rec.of(c.id)
		if len(got) != 2 || got[0].Status != Running || got[1].Status != c.want {
			t.Fatalf("%s: reports %+v, want running then %s", c.id, got, c.want)
		}
		if c.code >= 0 && got[1].ExitCode != c.code {
			t.Errorf("%s: exit %d, want %d", c.id, got[1].ExitCode, c.code)
		}
		if got[1].Ended.IsZero() || got[1].OutputPath == "" {
			t.Errorf("%s: final info %+v", c.id, got[1])
		}
	}
}

// Spec's call id and description reach Info and the observer.
func TestObserveCarriesTheCall(t *testing.T) {
	m, dir := newManager(t, Options{})
	rec := &recorder{}
	m.Observe(rec.add)
	info, err := m.Start(Spec{Command: "true", Dir: dir, SessionDir: dir, ToolUseID: "toolu_9", Description: "Say nothing"})
	if err != nil {
		t.Fatal(err)
	}
	wait(t, m, info.ID)
	for _, i := range rec.of(info.ID) {
		if i.ToolUseID != "toolu_9" || i.Description != "Say nothing" {
			t.Errorf("report %+v", i)
		}
	}
}

// Peek shows the end of the output without consuming it: Read still
// returns all of it afterwards.
func TestPeekDoesNotConsume(t *testing.T) {
	m, dir := newManager(t, Options{})
	info := start(t, m, dir, "for i in 1 2 3 4 5; do echo line$i; done")
	wait(t, m, info.ID)
	got, err := m.Peek(info.ID, 12)
	if err != nil {
		t.Fatal(err)
	}
	if got != "line4\nline5\n" {
		t.Errorf("Peek = %q", got)
	}
	if out := read(t, m, info.ID, ""); !strings.HasPrefix(out.Text, "line1\n") || !strings.HasSuffix(out.Text, "line5\n") {
		t.Errorf("Read after Peek = %q", out.Text)
	}
	if _, err := m.Peek("bash_none", 10); err == nil {
		t.Error("Peek of an unknown id succeeded")
	}
}
