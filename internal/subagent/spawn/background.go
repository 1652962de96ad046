package spawn

import (
	"context"
	"corvid/internal/subagent"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// maxOutputBytes caps a background agent's output file.
const maxOutputBytes = 1 << 20

// maxPending caps the completion notes waiting for the model.
const maxPending = 100

// background owns the sub-agents running in the background: their
// goroutines end when they finish or when Close cancels them.
type background struct {
	mu      sync.Mutex
	ctx     context.Context
	cancel  context.CancelFunc
	running map[string]context.CancelFunc
	pending []string
	// tasks and order remember background agents for TaskOutput.
	tasks map[string]*record
	order []string
	wg    sync.WaitGroup
}

func newBackground() *background {
	ctx, cancel := context.WithCancel(context.Background())
	return &background{ctx: ctx, cancel: cancel, running: map[string]context.CancelFunc{}}
}

// Start launches a sub-agent in the background. Its final text goes to
// an output file under dir; its completion becomes a note for the
// model (Notifications).
func (r *Runner) Start(req subagent.Request, dir string) (subagent.Launched, error) {
	c, err := r.prepare(req, false)
	if err != nil {
		return subagent.Launched{}, err
	}
	out := filepath.Join(dir, "tasks", c.id+".output")
	if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
		c.close()
		return subagent.Launched{}, fmt.Errorf("sub-agent output: %w", err)
	}
	b := r.bg
	b.mu.Lock()
	if b.ctx.Err() != nil {
		b.mu.Unlock()
		c.close()
		return subagent.Launched{}, fmt.Errorf("sub-agent: %w", ErrClosed)
	}
	ctx, cancel := context.WithCancel(b.ctx)
	b.running[c.id] = cancel
	rec := b.track(c.id, req, c.def.Name, out)
	started := rec.task
	b.wg.Add(1)
	b.mu.Unlock()
	r.report(started) // before the agent can end
	go func() {
		defer b.wg.Done()
		defer cancel()
		o := r.run(ctx, c, req)
		r.report(b.finish(o, req.Description, out, writeOutput(out, o.Text)))
		close(rec.done) // its end is reported before waiters wake
	}()
	return subagent.Launched{AgentID: c.id, OutputFile: out}, nil
}

func (c *child) close() {
	if c.closeRec != nil {
		c.closeRec()
	}
}

func writeOutput(path, text string) error {
	if len(text) > maxOutputBytes {
		text = text[:maxOutputBytes] + "\n[output truncated]\n"
	}
	return os.WriteFile(path, []byte(text), 0o600)
}

// finish records a background agent's end as a note for the model, and
// returns its final state.
func (b *background) finish(o subagent.Outcome, description, out string, werr error) subagent.Task {
	status := "completed"
	if o.IsError {
		status = "failed"
	}
	note := fmt.Sprintf("Background agent %s (%q) %s. Its final report is in %s (read it with the Read tool).",
		o.AgentID, description, status, out)
	if werr != nil {
		note = fmt.Sprintf("Background agent %s (%q) %s, but its report could not be saved: %v. Report:\n%s",
			o.AgentID, description, status, werr, o.Text)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.running, o.AgentID)
	final := b.settle(o, status)
	if len(b.pending) < maxPending {
		b.pending = append(b.pending, note)
	}
	return final
}

// Notifications drains the completion notes of background agents.
func (r *Runner) Notifications() []string {
	b := r.bg
	b.mu.Lock()
	defer b.mu.Unlock()
	out := b.pending
	b.pending = nil
	return out
}

// Stop cancels a running background agent; false when none has that id.
func (r *Runner) Stop(id string) bool {
	b := r.bg
	b.mu.Lock()
	defer b.mu.Unlock()
	cancel, ok := b.running[id]
	if ok {
		cancel()
		if rec := b.tasks[id]; rec != nil {
			rec.stopped = true
		}
	}
	return ok
}

// Close cancels every background agent and waits for them to end, or
// for ctx.
func (r *Runner) Close(ctx context.Context) error {
	b := r.bg
	b.mu.Lock()
	b.cancel()
	b.mu.Unlock()
	done := make(chan struct{})
	go func() { b.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
