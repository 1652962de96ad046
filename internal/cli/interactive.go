package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"corvid/internal/app"
)

// tuiExecutable is the program that holds the interactive interface. Its
// libraries (Bubble Tea, glamour, chroma) do a lot of work at package
// initialisation, so they are linked into it and never into corvid,
// which stays fast for --version, -p and the SDK hosts.
const tuiExecutable = "corvid-tui"

// InteractiveSetup is what the interactive front end is started with.
type InteractiveSetup struct {
	// Options are the command line's decisions, with Cwd and Getenv
	// filled; the front end sets Sink, Asker and Stderr.
	Options app.Options
	// Prompt is the prompt argument, submitted at once ("" for none).
	Prompt string
	// AllowBypass: Shift+Tab may reach bypassPermissions.
	AllowBypass    bool
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Interactive runs the interactive interface. corvid-tui sets it; in
// corvid it is nil and corvid hands over to corvid-tui instead.
var Interactive func(ctx context.Context, s InteractiveSetup) error

var errNoTUI = errors.New("the interactive interface is the corvid-tui program, which was not found " +
	"beside corvid or on PATH (install it with go install corvid/cmd/corvid-tui, or use -p/--print)")

// interactive starts the interactive interface.
func (c *CLI) interactive(ctx context.Context, inv *invocation) outcome {
	if Interactive == nil {
		return outcome{err: execTUI(c.args)}
	}
	cwd, err := c.getwd()
	if err != nil {
		return outcome{err: fmt.Errorf("finding the working directory: %w", err)}
	}
	o := inv.opts
	o.Cwd, o.Getenv = cwd, c.getenv
	s := InteractiveSetup{Options: o, Prompt: inv.arg, AllowBypass: inv.allowBypass,
		Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr}
	return outcome{err: Interactive(ctx, s)}
}

// terminal reports whether stdin and stdout are both terminals.
func (c *CLI) terminal() bool {
	if c.Terminal != nil {
		return c.Terminal()
	}
	return isTTY(c.Stdin) && isTTY(c.Stdout)
}
