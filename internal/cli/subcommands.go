package cli

import (
	"context"
	"fmt"

	"corvid/internal/app"
)

// subcommand runs corvid's own subcommands (corvid trust …). It reports
// whether args named one.
func (c *CLI) subcommand(_ context.Context, args []string) (int, bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch args[0] {
	case "trust":
		return c.trust(args[1:]), true
	case "permissions":
		return c.permissions(args[1:]), true
	}
	return 0, false
}

// trust: corvid trust [DIR] records DIR (default: the current directory)
// as trusted, so its .claude settings may grant permissions.
func (c *CLI) trust(args []string) int {
	if len(args) > 1 {
		fmt.Fprintln(c.Stderr, "Usage: corvid trust [DIR]")
		return exitFailure
	}
	cwd, err := c.getwd()
	if err != nil {
		return c.finish(outcome{err: err})
	}
	var dir string
	if len(args) == 1 {
		dir = args[0]
	}
	recorded, err := app.Trust(c.getenv, cwd, dir)
	if err != nil {
		return c.finish(outcome{err: err})
	}
	fmt.Fprintf(c.Stdout, "Trusted %s: its .claude settings may now grant permissions.\n", recorded)
	return exitOK
}

// permissions: corvid permissions check [flags] 'Tool(argument)' prints
// what a run started here with those flags would decide, and why.
func (c *CLI) permissions(args []string) int {
	if len(args) < 2 || args[0] != "check" {
		fmt.Fprintln(c.Stderr, "Usage: corvid permissions check [--permission-mode M] [--allowedTools …] [--disallowedTools …] [--settings …] 'Tool(argument)'")
		return exitFailure
	}
	inv, err := c.parse(append(append([]string{"-p"}, args[1:len(args)-1]...), "x"))
	if err != nil || inv == nil {
		return c.finish(outcome{err: err})
	}
	cwd, err := c.getwd()
	if err != nil {
		return c.finish(outcome{err: err})
	}
	opts := inv.opts
	opts.Cwd, opts.Getenv, opts.Stderr = cwd, c.getenv, c.Stderr
	d, err := app.Explain(opts, args[len(args)-1])
	if err != nil {
		return c.finish(outcome{err: err})
	}
	fmt.Fprintf(c.Stdout, "%s\n%s\n", d.Behavior, d.Reason)
	return exitOK
}
