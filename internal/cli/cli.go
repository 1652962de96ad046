package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"corvid/internal/app"
	"corvid/internal/event"
	"corvid/internal/proctree"
)

// Runner runs one prompt; app.Run in production, a fake in tests.
type Runner func(ctx context.Context, opts app.Options) (event.Result, error)

// CLI is one invocation's surroundings. Main fills it from the process;
// tests fill it with buffers and fakes. Nil function fields take the
// process's own (os.Getenv, os.Getwd, os.Geteuid, app.Run).
type CLI struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Getwd          func() (string, error)
	Geteuid        func() int
	// StdinIsTerminal overrides the check for a terminal stdin, which
	// is never read.
	StdinIsTerminal func() bool
	// Signals delivers SIGINT and SIGTERM; nil means none arrive.
	Signals <-chan os.Signal
	// Runner runs the prompt.
	Runner Runner
	// StdinWait bounds the wait for piped stdin when a prompt argument
	// is given (3s when zero).
	StdinWait time.Duration
	// ForceQuitGrace is how long a hard stop waits for the run to return
	// before giving up on it (app.StopBound plus 2s when zero).
	ForceQuitGrace time.Duration
	// Terminal overrides the check for a terminal on stdin and stdout
	// (the interactive interface's condition).
	Terminal func() bool

	args []string // the command line, for handing over to corvid-tui
}

// Main runs corvid on the process's arguments and streams and returns
// the exit code.
func Main() int {
	args := os.Args[1:]
	if versionFastPath(args, os.Stdout) {
		return exitOK
	}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	// Orphans of tool processes become corvid's, so that they can be
	// found and killed; whatever is left when corvid is done is killed.
	_ = proctree.SetSubreaper()
	defer proctree.Signal(os.Getpid(), syscall.SIGKILL)
	c := &CLI{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Signals: sigs}
	return c.Execute(context.Background(), args)
}

// Run runs corvid with the given arguments, streams and environment,
// without signal handling, and returns the exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	c := &CLI{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: getenv}
	return c.Execute(context.Background(), args)
}

// Execute parses args, runs the prompt and returns the exit code.
func (c *CLI) Execute(ctx context.Context, args []string) int {
	c.args = args
	if versionFastPath(args, c.Stdout) {
		return exitOK
	}
	if code, ok := c.subcommand(ctx, args); ok {
		return code
	}
	inv, err := c.parse(args)
	if err != nil || inv == nil { // inv is nil after --help or --version
		return c.finish(outcome{err: err})
	}
	return c.finish(c.execute(ctx, inv))
}

// finish reports o's error on stderr and returns its exit code.
func (c *CLI) finish(o outcome) int {
	var ue *usageError
	switch {
	case o.err == nil || o.signal != nil:
	case errors.As(o.err, &ue):
		fmt.Fprintln(c.Stderr, ue.msg)
	default:
		fmt.Fprintf(c.Stderr, "Error: %v\n", o.err)
	}
	return exitCode(o)
}
