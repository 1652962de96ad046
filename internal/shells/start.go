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

// Start starts s.Command in the background and returns at once.
func (m *Manager) Start(s Spec) (Info, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return Info{}, ErrClosed
	}
	if s.SessionDir == "" {
		return Info{}, errors.New("no session directory for the shell's log")
	}
	id := m.newID()
	log, err := openLog(s.SessionDir, id)
	if err != nil {
		return Info{}, err
	}
	defer log.Close()
	path := log.Name()
	cmd := Command(context.Background(), m.shell, s.Command, s.Dir, s.Env)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return Info{}, fmt.Errorf("starting the command: %w", err)
	}
	p := &proc{id: id, command: s.Command, path: path, pid: cmd.Process.Pid, started: time.Now(),
		status: Running, done: make(chan struct{})}
	m.procs[id] = p
	m.order = append(m.order, p)
	info := p.info() // before the observer may record the end
	m.observers.Add(1)
	go m.observe(p, cmd)
	return info, nil
}

// openLog creates <sessionDir>/shells/<id>.log (directory 0700, file
// 0600).
func openLog(sessionDir, id string) (*os.File, error) {
	dir := filepath.Join(sessionDir, "shells")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the shell log directory: %w", err)
	}
	log, err := os.OpenFile(filepath.Join(dir, id+".log"), os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("creating the shell log: %w", err)
	}
	return log, nil
}

func (m *Manager) newID() string {
	for {
		id := "bash_" + uuid.NewString()[:8]
		if _, taken := m.procs[id]; !taken {
			return id
		}
	}
}

// observe waits for p's process and records how it ended.
func (m *Manager) observe(p *proc, cmd *exec.Cmd) {
	defer m.observers.Done()
	err := cmd.Wait()
	info := p.finish(exitCode(cmd, err))
	if info.Status != Killed {
		m.mu.Lock()
		m.notes = append(m.notes, notification(info))
		m.mu.Unlock()
	}
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
