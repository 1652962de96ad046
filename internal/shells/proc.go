package shells

import (
	"context"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"corvid/internal/spill"
)

// proc is one background shell. Its observer goroutine owns the process
// and closes done once it has been reaped; its pump goroutine owns out
// (the read end of the output pipe) and closes drained once the output
// is all in log.
type proc struct {
	id, command, path string
	toolUseID, desc   string
	pid               int
	started           time.Time
	done              chan struct{}
	log               *spill.Writer
	out               *os.File
	drained           chan struct{}
	announced         chan struct{} // closed once the start was reported (observe.go)
	taken, logged     atomic.Int64  // bytes the pump read from out, and wrote to log

	mu      sync.Mutex // guards the fields below
	status  Status
	exit    int
	ended   time.Time
	killing bool

	readMu sync.Mutex // serialises reads; guards offset
	offset int64      // bytes of output already returned (or dropped)
}

func (p *proc) info() Info {
	p.mu.Lock()
	defer p.mu.Unlock()
	return Info{ID: p.id, Command: p.command, OutputPath: p.path, ToolUseID: p.toolUseID, Description: p.desc,
		PID: p.pid, Status: p.status, ExitCode: p.exit, Started: p.started, Ended: p.ended}
}

// finish records the exit status and returns the final Info.
func (p *proc) finish(code int) Info {
	p.mu.Lock()
	p.exit, p.ended = code, time.Now()
	switch {
	case p.killing:
		p.status = Killed
	case code == 0:
		p.status = Completed
	default:
		p.status = Failed
	}
	p.mu.Unlock()
	return p.info()
}

// markKilling flags a running shell as being killed; false if it has
// already ended.
func (p *proc) markKilling() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.status != Running {
		return false
	}
	p.killing = true
	return true
}

// Kill stops shell id: SIGTERM to its process group, SIGKILL after the
// grace period, and returns once it is gone. stopped reports whether
// this call stopped it: a shell that had already ended is left as it
// is, and its Info says how it ended.
func (m *Manager) Kill(id string) (info Info, stopped bool, err error) {
	p, err := m.get(id)
	if err != nil {
		return Info{}, false, err
	}
	stopped = m.stop(p)
	return p.info(), stopped, nil
}

func (m *Manager) stop(p *proc) bool {
	if !p.markKilling() {
		return false
	}
	StopGroup(p.pid, m.grace, p.done)
	p.endPump()
	return true
}

// Wait blocks until shell id ends or ctx is done.
func (m *Manager) Wait(ctx context.Context, id string) (Info, error) {
	p, err := m.get(id)
	if err != nil {
		return Info{}, err
	}
	select {
	case <-p.done:
		return p.info(), nil
	case <-ctx.Done():
		return p.info(), ctx.Err()
	}
}

// Close kills every running shell and adopted job and waits until they are gone or ctx
// is done. Start fails afterwards.
func (m *Manager) Close(ctx context.Context) error {
	m.mu.Lock()
	m.closed = true
	procs, jobs := slices.Clone(m.order), slices.Clone(m.jobs)
	m.mu.Unlock()
	var stopping sync.WaitGroup
	for _, p := range procs {
		stopping.Go(func() {
			m.stop(p)
			p.endPump() // a finished shell's leftovers may still write
		})
	}
	for _, j := range jobs {
		stopping.Go(j.Stop)
	}
	done := make(chan struct{})
	go func() {
		stopping.Wait()
		m.observers.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
