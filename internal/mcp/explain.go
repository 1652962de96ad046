package mcp

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"time"
)

// explain turns a failed attempt into an error that says what happened.
func (c *conn) explain(ctx context.Context, err error) error {
	c.mu.Lock()
	p := c.proc
	c.mu.Unlock()
	hint := ""
	var pe *ProtocolError
	if p != nil && c.o.LogDir != "" {
		hint = "; its stderr is in " + c.logPath()
	}
	switch {
	case c.srv.Config.Transport() == TypeSDK:
		return c.explainSDK(ctx, err)
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrConfig):
		return fmt.Errorf("%w: install it or fix \"command\" in %s", err, c.srv.Source)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w within %s: check that the server starts and speaks MCP, or raise MCP_TIMEOUT%s",
			ErrStartTimeout, c.o.startTimeout(c.srv), hint)
	case errors.As(err, &pe):
		return fmt.Errorf("%w on stdout (%q): check that the command is an MCP server and that it logs to stderr, not stdout%s",
			ErrProtocol, pe.Got, hint)
	case p != nil && failedExit(p) != nil:
		return fmt.Errorf("%w during start-up (%v%s)%s", ErrExited, failedExit(p), p.lastWords(c.logPath()), hint)
	case c.srv.Config.URL != "":
		return fmt.Errorf("connecting to %s: %w", c.srv.Config.URL, err)
	}
	return fmt.Errorf("connecting: %w: check that the command is an MCP server speaking JSON-RPC on stdout%s", err, hint)
}

// failedExit is the exit error of a process that ended with a non-zero
// status of its own (not by corvid's signals), nil otherwise.
func failedExit(p *process) error {
	if !p.waitExit(100 * time.Millisecond) {
		return nil
	}
	_, err := p.exited()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() > 0 {
		return err
	}
	return nil
}
