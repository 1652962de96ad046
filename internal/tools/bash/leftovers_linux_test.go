package bash

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"corvid/internal/proctree"
)

// A call returns once its shell has exited. What it left running that
// still holds the output is stopped (nobody reads that output any more),
// even in a new session or double-forked; what it detached from the
// output keeps running until the shell manager closes.
func TestLeftoversAfterTheCall(t *testing.T) {
	f := newFixture(t, Options{})
	r := f.cmd("sleep 100 & echo $!; setsid sleep 100 & echo $!; " +
		"setsid sh -c 'trap \"\" TERM; sleep 100' & echo $!; sleep 100 >/dev/null 2>&1 & echo $!")
	var held [3]int
	var free int
	if _, err := fmt.Sscan(r.Text(), &held[0], &held[1], &held[2], &free); err != nil {
		t.Fatalf("unexpected output %q: %v", r.Text(), err)
	}
	for _, pid := range held {
		if !gone(pid, 10*time.Second) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d still holds the output after the call", pid)
		}
	}
	if err := syscall.Kill(free, 0); err != nil {
		t.Errorf("the detached sleep should still run: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.mgr.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if !gone(free, 0) {
		_ = syscall.Kill(free, syscall.SIGKILL)
		t.Errorf("the detached sleep survived the shell manager's Close")
	}
}

// gone polls, up to bound, until pid names no live process.
func gone(pid int, bound time.Duration) bool {
	deadline := time.Now().Add(bound)
	for {
		if !proctree.Alive(pid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond) // polling /proc, bounded
	}
}
