package shells

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/google/uuid"
)

// Start starts s.Command in the background and returns at once. The
// command writes into a pipe; a goroutine of the Manager copies it into
// the capped log <SessionDir>/shells/<id>.log (see spill.Writer). The
// observer (Observe) hears of the start before Start returns.
func (m *Manager) Start(s Spec) (Info, error) {
	p, info, err := m.launch(s)
	if err != nil {
		return Info{}, err
	}
	m.announce(p, info)
	return info, nil
}

// launch starts the command and the goroutines that own it.
func (m *Manager) launch(s Spec) (*proc, Info, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, Info{}, ErrClosed
	}
	if s.SessionDir == "" {
		return nil, Info{}, errors.New("no session directory for the shell's log")
	}
	id := m.newID()
	log, err := m.budget.Create(s.SessionDir, filepath.Join(s.SessionDir, "shells", id+".log"))
	if err != nil {
		return nil, Info{}, fmt.Errorf("creating the shell log: %w", err)
	}
	log.KeepUnsaved(4 * m.maxRead) // what a Read can show if the log stops saving
	cmd, out, err := m.startCommand(s)
	if err != nil {
		_ = log.Discard()
		return nil, Info{}, err
	}
	p := &proc{id: id, command: s.Command, path: log.Name(), toolUseID: s.ToolUseID, desc: s.Description,
		pid: cmd.Process.Pid, started: time.Now(), status: Running, done: make(chan struct{}), log: log, out: out,
		drained: make(chan struct{}), announced: make(chan struct{})}
	m.procs[id] = p
	m.order = append(m.order, p)
	info := p.info() // before the observer may record the end
	m.observers.Add(2)
	go m.pump(p)
	go m.observe(p, cmd)
	return p, info, nil
}

// startCommand starts the command writing into a pipe and returns the
// pipe's read end.
func (m *Manager) startCommand(s Spec) (*exec.Cmd, *os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("creating the output pipe: %w", err)
	}
	defer w.Close()
	cmd := Command(context.Background(), m.shell, s.Command, s.Dir, s.Env)
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("starting the command: %w", err)
	}
	return cmd, r, nil
}

func (m *Manager) newID() string {
	for {
		id := "bash_" + uuid.NewString()[:8]
		if _, taken := m.procs[id]; !taken {
			return id
		}
	}
}

// observe waits for p's process and records how it ended, once its
// output has reached the log (or drainGrace has passed: a process it
// left behind may hold the pipe open).
func (m *Manager) observe(p *proc, cmd *exec.Cmd) {
	defer m.observers.Done()
	err := cmd.Wait()
	drain := time.NewTimer(drainGrace)
	select {
	case <-p.drained:
	case <-drain.C:
	}
	drain.Stop()
	info := p.finish(exitCode(cmd, err))
	if info.Status != Killed {
		m.mu.Lock()
		m.notes = append(m.notes, notification(info))
		m.mu.Unlock()
	}
	m.report(p, info)
	close(p.done)
}

func notification(i Info) string {
	return fmt.Sprintf("Background shell %s (`%s`) finished with exit code %d; read its output with BashOutput or the file %s.",
		i.ID, Abbrev(i.Command, 100), i.ExitCode, i.OutputPath)
}

// exitCode is the shell's exit status, 128+n for a signal n.
func exitCode(cmd *exec.Cmd, err error) int {
	st := cmd.ProcessState
	if st == nil {
		return -1
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return st.ExitCode()
}

// Abbrev shortens s to at most n characters, marking the cut.
func Abbrev(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
