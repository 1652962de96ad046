package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// maxStdinBytes caps piped input, as Claude Code does (10 MB).
const maxStdinBytes = 10 << 20

// defaultStdinWait is how long a run with a prompt argument waits for
// piped stdin to produce its first byte before going on without it, so a
// script whose stdin is an idle pipe does not hang.
const defaultStdinWait = 3 * time.Second

// stdinResult is what the stdin reader ends with.
type stdinResult struct {
	data []byte
	err  error
}

// prompt assembles the prompt: piped stdin first, then a blank line, then
// the argument; either alone is the whole prompt. A terminal stdin is not
// read. ctx ends the wait early (a signal).
func (c *CLI) prompt(ctx context.Context, inv *invocation) (string, error) {
	var piped string
	if c.Stdin != nil && !c.stdinIsTerminal() {
		data, err := c.readStdin(ctx, inv.hasArg)
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(string(data)) != "" {
			piped = string(data)
		}
	}
	p := inv.arg
	switch {
	case piped != "" && inv.hasArg:
		p = strings.TrimRight(piped, "\r\n") + "\n\n" + inv.arg
	case piped != "":
		p = piped
	}
	if strings.TrimSpace(p) == "" {
		return "", usagef("Error: Input must be provided either through stdin or as a prompt " +
			"argument when using --print")
	}
	return p, nil
}

// readStdin reads piped stdin up to the cap. With a prompt argument it
// waits at most c.StdinWait for the first byte; the reader goroutine is
// then left blocked in Read until the process exits (a Read on a pipe
// cannot be cancelled).
func (c *CLI) readStdin(ctx context.Context, hasArg bool) ([]byte, error) {
	started := make(chan struct{})
	done := make(chan stdinResult, 1)
	go func() { done <- readCapped(c.Stdin, maxStdinBytes, started) }()
	var timeout <-chan time.Time
	if hasArg {
		t := time.NewTimer(c.stdinWait())
		defer t.Stop()
		timeout = t.C
	}
	select {
	case r := <-done:
		return r.data, r.err
	case <-started:
	case <-timeout:
		fmt.Fprintf(c.Stderr, "Warning: no stdin data received in %v, going on without it "+
			"(redirect stdin from /dev/null to skip the wait)\n", c.stdinWait())
		return nil, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// readCapped reads r to the end, failing once more than limit bytes came.
// started is closed when the first bytes (or the end) arrive.
func readCapped(r io.Reader, limit int64, started chan<- struct{}) stdinResult {
	var buf bytes.Buffer
	first := true
	chunk := make([]byte, 64<<10)
	for {
		n, err := r.Read(chunk)
		if first && (n > 0 || err != nil) {
			close(started)
			first = false
		}
		buf.Write(chunk[:n])
		if int64(buf.Len()) > limit {
			return stdinResult{err: usagef("Error: %w", errStdinTooLarge)}
		}
		if errors.Is(err, io.EOF) {
			return stdinResult{data: buf.Bytes()}
		}
		if err != nil {
			return stdinResult{err: fmt.Errorf("reading stdin: %w", err)}
		}
	}
}

// stdinIsTerminal reports whether stdin is a terminal (or another
// character device, such as /dev/null, which has nothing to read).
func (c *CLI) stdinIsTerminal() bool {
	if c.StdinIsTerminal != nil {
		return c.StdinIsTerminal()
	}
	f, ok := c.Stdin.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (c *CLI) stdinWait() time.Duration {
	if c.StdinWait > 0 {
		return c.StdinWait
	}
	return defaultStdinWait
}
