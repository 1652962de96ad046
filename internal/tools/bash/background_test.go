package bash

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"corvid/internal/shells"
	"corvid/internal/tool/tooltest"
)

func TestBackground(t *testing.T) {
	f := newFixture(t, Options{Env: []string{"EXTRA=bg"}})
	r := f.run(map[string]any{"command": `echo "$CORVID $EXTRA"; pwd`, "run_in_background": true})
	if r.Result.IsError {
		t.Fatalf("background start failed: %s", r.Text())
	}
	list := f.mgr.List()
	if len(list) != 1 {
		t.Fatalf("manager has %d shells, want 1", len(list))
	}
	info := list[0]
	if out := structured(t, r); out.BackgroundTaskID != info.ID {
		t.Errorf("backgroundTaskId = %q, want %q", out.BackgroundTaskID, info.ID)
	}
	tooltest.Golden(t, "background", r.Text(), map[string]string{info.ID: "<ID>", f.dir: "<DIR>"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := f.mgr.Wait(ctx, info.ID); err != nil {
		t.Fatal(err)
	}
	out, err := f.mgr.Read(info.ID, nil)
	if err != nil || out.Text != "1 bg\n"+f.dir+"\n" || out.Status != shells.Completed {
		t.Errorf("background output = %q (%s), %v", out.Text, out.Status, err)
	}
}

func TestBackgroundWithoutManager(t *testing.T) {
	f := newFixture(t, Options{})
	f.tool = New(nil, Options{})
	r := f.run(map[string]any{"command": "ls", "run_in_background": true})
	if !r.Result.IsError {
		t.Errorf("want an error without a shell manager, got %q", r.Text())
	}
	f.golden("background_unavailable", r.Text())
}

func TestPredicates(t *testing.T) {
	tl := New(nil, Options{})
	cases := []struct {
		input                       string
		readOnly, safe, destructive bool
	}{
		{`{"command":"ls -la"}`, true, true, false},
		{`{"command":"sleep 1 && ls"}`, true, true, false},
		{`{"command":"cat a | grep b"}`, true, true, false},
		{`{"command":"cd sub && ls"}`, true, false, false}, // a cd must persist: not concurrency-safe
		{`{"command":"ls","run_in_background":true}`, false, false, false},
		{`{"command":"ls > out.txt"}`, false, false, false},
		{`{"command":"rm -rf build"}`, false, false, true},
		{`{"command":"git reset --hard"}`, false, false, true},
		{`{"command":"ls \""}`, false, false, false},
		{`{"command":""}`, false, false, false},
		{`not json`, false, false, false},
	}
	for _, tc := range cases {
		in := json.RawMessage(tc.input)
		if got := tl.IsReadOnly(in); got != tc.readOnly {
			t.Errorf("IsReadOnly(%s) = %v", tc.input, got)
		}
		if got := tl.IsConcurrencySafe(in); got != tc.safe {
			t.Errorf("IsConcurrencySafe(%s) = %v", tc.input, got)
		}
		if got := tl.IsDestructive(in); got != tc.destructive {
			t.Errorf("IsDestructive(%s) = %v", tc.input, got)
		}
	}
	if tl.Name() != "Bash" || tl.InterruptBehavior().String() != "cancel" || !tl.AbortsSiblingsOnError() {
		t.Errorf("Bash: name %q, interrupt %v, aborts siblings %v", tl.Name(), tl.InterruptBehavior(), tl.AbortsSiblingsOnError())
	}
}
