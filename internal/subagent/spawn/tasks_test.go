package spawn_test

import (
	"context"
	"testing"
	"time"

	"corvid/internal/cost"
	"corvid/internal/subagent"
)

// Task reports a background agent: running while it runs (a
// non-blocking read returns at once, a blocking one waits only as long
// as its context), completed with its final text once done, killed once
// stopped, and unknown ids are not found.
func TestBackgroundTask(t *testing.T) {
	r := testRunner(t, instant{}, &cost.Tracker{})
	dir := t.TempDir()
	a, err := r.Start(subagent.Request{Description: "quick", Prompt: "x"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, ok := r.Task(ctx, a.AgentID, true)
	if !ok || got.Status != "completed" || got.Text != "found it" || got.OutputFile != a.OutputFile || got.Description != "quick" {
		t.Errorf("completed task %+v %v", got, ok)
	}
	if _, ok := r.Task(ctx, "a-nonexistent", true); ok {
		t.Error("unknown id found")
	}

	p := blocking{started: make(chan struct{}, 1)}
	rb := testRunner(t, p, &cost.Tracker{})
	b, err := rb.Start(subagent.Request{Description: "slow", Prompt: "y"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	<-p.started
	if got, ok := rb.Task(ctx, b.AgentID, false); !ok || got.Status != "running" {
		t.Errorf("non-blocking read of a running agent: %+v %v", got, ok)
	}
	short, cancelShort := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancelShort()
	if got, _ := rb.Task(short, b.AgentID, true); got.Status != "running" {
		t.Errorf("blocking read past its timeout: %+v, want running", got)
	}
	rb.Stop(b.AgentID)
	if got, _ := rb.Task(ctx, b.AgentID, true); got.Status != "killed" {
		t.Errorf("stopped agent: %+v, want killed", got)
	}
	for _, run := range []interface{ Close(context.Context) error }{r, rb} {
		if err := run.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
