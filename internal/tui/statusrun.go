package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

const (
	// statusTimeout bounds one run of the statusLine command.
	statusTimeout = 5 * time.Second
	// maxStatusOut caps the stdout kept, maxStatusErr the stderr logged.
	maxStatusOut = 16 << 10
	maxStatusErr = 4 << 10
	// maxStatusLines is how many lines of its output are shown.
	maxStatusLines = 3
)

// statusRun is one run of the statusLine command.
type statusRun struct {
	command, dir string
	input        []byte
	timeout      time.Duration
	// log takes the command's stderr and why it failed (never the screen).
	log io.Writer
}

// run runs the command through the shell, in its own process group
// (killed whole when the time is up or ctx ends), with the session's
// JSON on stdin, and returns the first lines of its stdout with only
// their colours kept. A failure, a timeout or no output is an error:
// the caller shows the built-in line instead.
func (r statusRun) run(ctx context.Context) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	c := exec.CommandContext(ctx, shellPath(), shellFlag(), r.command)
	c.Dir = r.dir
	c.Stdin = bytes.NewReader(r.input)
	var out, errOut capBuffer
	out.max, errOut.max = maxStatusOut, maxStatusErr
	c.Stdout, c.Stderr = &out, &errOut
	inGroup(c)
	c.WaitDelay = time.Second // a grandchild that keeps the pipes open
	err := c.Run()
	endGroup(c)
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("%w after %s", ErrStatusLineTimeout, r.timeout)
	}
	lines := statusLines(out.b.String())
	if err == nil && len(lines) == 0 {
		err = ErrStatusLineEmpty
	}
	if r.log != nil && (err != nil || errOut.b.Len() > 0) {
		msg := strings.TrimRight(errOut.b.String(), "\n")
		if err != nil {
			msg = strings.TrimLeft(msg+"\n"+err.Error(), "\n")
		}
		fmt.Fprintf(r.log, "statusLine %q: %s\n", r.command, msg)
	}
	if err != nil {
		if errors.Is(err, ErrStatusLineTimeout) || errors.Is(err, ErrStatusLineEmpty) {
			return nil, err
		}
		return nil, fmt.Errorf("tui: the statusLine command failed: %w", err)
	}
	return lines, nil
}

// statusLines is the first maxStatusLines non-blank lines of out, each
// kept to its colour sequences (SGR) and printable text.
func statusLines(out string) []string {
	var lines []string
	for l := range strings.SplitSeq(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
		l = keepSGR(l)
		if strings.TrimSpace(l) == "" {
			continue
		}
		if lines = append(lines, l); len(lines) == maxStatusLines {
			break
		}
	}
	return lines
}

// capBuffer keeps the first max bytes written to it.
type capBuffer struct {
	b   bytes.Buffer
	max int
}

func (c *capBuffer) Write(p []byte) (int, error) {
	if room := c.max - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
