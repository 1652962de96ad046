// Package shells runs the background shell commands of one conversation:
// each command runs in its own process group (on Linux under a proctree
// supervisor, so that nothing it starts outlives it) with its output going to a
// log file under the session directory (the disk is the spill; nothing
// grows in memory), and a Manager tracks it until it ends, reads its new
// output on request, kills it, and reports once when it has finished.
// It also runs the foreground Bash tool's commands (Job) and provides the
// process-group helpers.
//
// It imports only proctree; internal/tools/bash, bashoutput and killshell
// use a Manager, which the composition root creates per conversation and
// closes when the run ends.
package shells

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"corvid/internal/spill"
)

// Defaults for Options.
const (
	DefaultKillGrace = 3 * time.Second
	DefaultMaxRead   = 30_000
)

// Errors returned by a Manager.
var (
	ErrNotFound = errors.New("no background shell with that ID")
	ErrClosed   = errors.New("background shells are shut down")
)

// Status is a background shell's state.
type Status string

// Statuses.
const (
	Running   Status = "running"
	Completed Status = "completed" // exited with status 0
	Failed    Status = "failed"    // exited with another status
	Killed    Status = "killed"    // stopped by Kill or Close
)

// Options configure a Manager.
type Options struct {
	// Shell runs the commands (a path or a program on PATH); "" means
	// bash, or /bin/sh without it.
	Shell string
	// KillGrace is how long Kill waits after SIGTERM before SIGKILL.
	KillGrace time.Duration
	// MaxRead caps the characters one Read returns.
	MaxRead int
	// Spill bounds the logs (each one's size, the session's total, the
	// free space kept); nil means a budget of its own with the default
	// limits.
	Spill *spill.Budget
}

// Spec is one command to start.
type Spec struct {
	Command string
	// Dir is the working directory.
	Dir string
	// Env is the full environment; nil means the parent's.
	Env []string
	// SessionDir holds the logs, in its shells/ subdirectory.
	SessionDir string
	// ToolUseID and Description are the Bash call that started the
	// shell and its description, for the observer (see Observe).
	ToolUseID, Description string
}

// Info describes a background shell.
type Info struct {
	ID         string
	Command    string
	OutputPath string
	// ToolUseID and Description come from the Spec.
	ToolUseID, Description string
	// PID is the shell's process id (on Linux, its supervisor's), which is
	// also its process group id.
	PID    int
	Status Status
	// ExitCode is the exit status once the shell has ended (128+n when a
	// signal n ended it).
	ExitCode       int
	Started, Ended time.Time
}

// Manager tracks the background shells of one conversation. It is safe
// for concurrent use.
type Manager struct {
	shell     string
	grace     time.Duration
	maxRead   int
	budget    *spill.Budget
	mu        sync.Mutex
	procs     map[string]*proc
	order     []*proc
	jobs      []*Job // adopted foreground jobs (see Adopt)
	notes     []string
	closed    bool
	observers sync.WaitGroup // the goroutines that wait for processes
	onChange  func(Info)     // see Observe
}

// New returns a Manager.
func New(opts Options) *Manager {
	m := &Manager{shell: FindShell(opts.Shell), grace: opts.KillGrace, maxRead: opts.MaxRead,
		budget: opts.Spill, procs: map[string]*proc{}}
	if m.budget == nil {
		m.budget = spill.NewBudget(spill.Limits{})
	}
	if m.grace <= 0 {
		m.grace = DefaultKillGrace
	}
	if m.maxRead <= 0 {
		m.maxRead = DefaultMaxRead
	}
	return m
}

func (m *Manager) get(id string) (*proc, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.procs[id]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return p, nil
}

// List describes every shell started, oldest first.
func (m *Manager) List() []Info {
	m.mu.Lock()
	procs := slices.Clone(m.order)
	m.mu.Unlock()
	out := make([]Info, len(procs))
	for i, p := range procs {
		out[i] = p.info()
	}
	return out
}

// Notifications returns a message for each shell that finished on its
// own since the last call; each is returned once.
func (m *Manager) Notifications() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	notes := m.notes
	m.notes = nil
	return notes
}
