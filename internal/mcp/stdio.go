package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"corvid/internal/jsonrpc"
)

// Bounds of a stdio server's process and log.
const (
	// maxFrame caps one JSON-RPC message from a server (a 50 MB result
	// fits; a larger one ends the connection, and the next call
	// reconnects).
	maxFrame = 64 << 20
	// maxLog caps a server's stderr log; the rest is discarded.
	maxLog = 4 << 20
	// stopGrace is how long a server gets after its stdin closes, and
	// again after SIGTERM, before its process group is killed.
	stopGrace = 2 * time.Second
)

// process is a running stdio server and the wire to it: Send writes a
// line to its stdin, Recv reads one from its stdout, Close ends its
// process group.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	rd     *jsonrpc.LineReader
	wmu    sync.Mutex
	done   chan struct{} // closed once the leader exited and was reaped
	logged chan struct{} // closed once stderr reached EOF
	err    error         // the exit error, set before done closes
	once   sync.Once
}

func startProcess(cmd *exec.Cmd, logPath string) (*process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = groupAttr()
	err = cmd.Start()
	closeAll(inR, outW, errW) // the child holds its ends
	if err != nil {
		closeAll(inW, outR, errR)
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %q", ErrNotFound, cmd.Path)
		}
		return nil, err
	}
	p := &process{cmd: cmd, stdin: inW, stdout: outR, rd: jsonrpc.NewLineReader(outR, maxFrame),
		done: make(chan struct{}), logged: make(chan struct{})}
	go p.copyLog(errR, logPath)
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// copyLog writes the server's stderr to its log, at most maxLog bytes.
func (p *process) copyLog(r *os.File, path string) {
	defer close(p.logged)
	defer r.Close()
	var w io.Writer = io.Discard
	if f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600); err == nil {
		defer f.Close()
		w = f
	}
	_, _ = io.Copy(w, io.LimitReader(r, maxLog))
	_, _ = io.Copy(io.Discard, r)
}

// Send writes one message and a newline.
func (p *process) Send(_ context.Context, msg []byte) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	_, err := p.stdin.Write(append(msg, '\n'))
	return err
}

// errFrameTooLarge marks a message over maxFrame bytes.
var errFrameTooLarge = fmt.Errorf("the server sent a message over 64 MiB: %w", jsonrpc.ErrTooLarge)

// Recv reads the next non-blank line, at most maxFrame bytes.
func (p *process) Recv() ([]byte, error) {
	b, err := p.rd.Read()
	if errors.Is(err, jsonrpc.ErrTooLarge) {
		return nil, errFrameTooLarge
	}
	return b, err
}

// Close closes stdin, then ends the process group: SIGTERM after
// stopGrace, SIGKILL after another. It returns once the leader is reaped.
func (p *process) Close() error {
	p.once.Do(p.stop)
	return nil
}

func (p *process) stop() {
	_ = p.stdin.Close()
	defer p.stdout.Close()
	if !p.waitExit(stopGrace) {
		p.signal(syscall.SIGTERM)
		if !p.waitExit(stopGrace) {
			p.signal(syscall.SIGKILL)
			<-p.done
		}
	}
	p.signal(syscall.SIGKILL) // what the server left behind in its group
	select {
	case <-p.logged:
	case <-time.After(stopGrace):
	}
}

func (p *process) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}

// exited reports whether the process has ended, and how.
func (p *process) exited() (bool, error) {
	select {
	case <-p.done:
		return true, p.err
	default:
		return false, nil
	}
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// lastWords is ": <the last line the process wrote on stderr>", at most
// 200 bytes, or "" when there is none.
func (p *process) lastWords(path string) string {
	select {
	case <-p.logged:
	case <-time.After(100 * time.Millisecond):
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 512)
	if st, err := f.Stat(); err == nil && st.Size() > int64(len(buf)) {
		_, _ = f.Seek(st.Size()-int64(len(buf)), io.SeekStart)
	}
	n, _ := io.ReadFull(f, buf)
	lines := strings.Split(strings.TrimSpace(string(buf[:n])), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if last == "" {
		return ""
	}
	if len(last) > 200 {
		last = last[len(last)-200:]
	}
	return ": " + last
}
