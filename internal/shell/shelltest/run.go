package shelltest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrNul is returned by Run for a command holding a NUL byte: no
// process can receive it as an argument (the Bash tool fails the same
// way).
var ErrNul = errors.New("shelltest: command holds a NUL byte")

// Exec is one program Bash tried to run.
type Exec struct {
	// Path is the program as Bash found it: /stubs/NAME after a PATH
	// search, the absolute or relative name as written otherwise.
	Path string
	// Args are the arguments after the program name.
	Args []string
	// NotFound is set when no stub covered the name (Bash ran
	// command_not_found_handle instead).
	NotFound bool
}

// Name is the program's base name.
func (e Exec) Name() string { return path.Base(e.Path) }

func (e Exec) String() string {
	return fmt.Sprintf("%q", append([]string{e.Path}, e.Args...))
}

// Result is what one run did.
type Result struct {
	Execs    []Exec
	TimedOut bool
	Output   string // stdout and stderr, capped
}

const outputCap = 4096

// Run runs command with `bash --norc --noprofile -c` in the jail, cwd
// /work, HOME /home, PATH /stubs and nothing else in the environment,
// for at most timeout, and returns the programs it tried to run.
func (j *Jail) Run(ctx context.Context, command string, timeout time.Duration) (_ Result, err error) {
	if strings.IndexByte(command, 0) >= 0 {
		return Result{}, ErrNul
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := j.reset(); err != nil {
		return Result{}, err
	}
	defer func() {
		if rerr := j.repair(); rerr != nil && err == nil {
			err = rerr
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, jailBash, "--norc", "--noprofile", "-c", command)
	cmd.Args[0] = "bash"
	cmd.Dir = "/work"
	cmd.Env = []string{"PATH=/stubs", "HOME=/home", "BASH_ENV=/etc/harness.bash"}
	w := &capped{b: &out} // one writer: exec copies both streams in one goroutine
	cmd.Stdout, cmd.Stderr = w, w
	// No PID namespace: its first process would take the others with
	// it, and a stub started in the background (`>(…)`, `&`) must be
	// given the chance to record itself. Every process stays in bash's
	// process group (no setsid builtin; the setsid program is a stub).
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: j.root, Setpgid: true,
		Cloneflags: syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS | syscall.CLONE_NEWNS}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = timeout
	err = cmd.Run()
	if cmd.Process != nil {
		settle(ctx, cmd.Process.Pid)
	}
	res := Result{TimedOut: ctx.Err() != nil, Output: w.String()}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !res.TimedOut {
		return res, fmt.Errorf("running bash: %w", err)
	}
	res.Execs, err = j.records()
	return res, err
}

// settle waits until the process group pgid is empty or ctx ends, then
// kills what is left of it.
func settle(ctx context.Context, pgid int) {
	for syscall.Kill(-pgid, 0) == nil && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	for range 1000 {
		if syscall.Kill(-pgid, syscall.SIGKILL) != nil {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// reset empties the log and working directories.
func (j *Jail) reset() error {
	for _, d := range []string{"/log", "/work", "/home", "/tmp"} {
		if err := os.RemoveAll(j.path(d)); err != nil {
			return err
		}
		if err := os.MkdirAll(j.path(d), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// records reads the stubs' log, sorted by file name for a stable order.
func (j *Jail) records() ([]Exec, error) {
	ents, err := os.ReadDir(j.path("/log"))
	if err != nil {
		return nil, err
	}
	sort.Slice(ents, func(a, b int) bool { return ents[a].Name() < ents[b].Name() })
	var execs []Exec
	for _, e := range ents {
		data, err := os.ReadFile(j.path("/log/" + e.Name()))
		if err != nil {
			return nil, err
		}
		f := strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
		x := Exec{Path: f[0], Args: f[1:]}
		if p, ok := strings.CutPrefix(x.Path, "?"); ok {
			x.Path, x.NotFound = p, true
		}
		execs = append(execs, x)
	}
	return execs, nil
}

// capped keeps the first outputCap bytes written to it.
type capped struct {
	mu sync.Mutex
	b  *bytes.Buffer
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := outputCap - c.b.Len(); room > 0 {
		c.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
