package cli

import (
	"context"

	"github.com/spf13/cobra"
)

// commandTree returns the root command with corvid's own subcommands
// (doctor, trust, permissions) attached. It serves subcommand runs and renders
// the root's help, so that corvid --help lists them.
func (c *CLI) commandTree() *cobra.Command {
	var unused flags
	root := newRoot(&unused, func([]string) {})
	root.AddCommand(c.doctorCommand(), c.trustCommand(), c.permissionsCommand(), c.mcpCommand())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
	root.SetIn(c.Stdin)
	root.SetOut(c.Stdout)
	root.SetErr(c.Stderr)
	return root
}

// subcommand runs one of corvid's own subcommands when the first argument
// names it, and reports whether it did. Only the first argument selects a
// subcommand, as before: "corvid -p trust" is a prompt.
func (c *CLI) subcommand(ctx context.Context, args []string) (int, bool) {
	if len(args) == 0 {
		return 0, false
	}
	root := c.commandTree()
	if sub, _, err := root.Find(args[:1]); err != nil || sub == root {
		return 0, false
	}
	root.SetArgs(args)
	if err := root.ExecuteContext(ctx); err != nil {
		return c.finish(outcome{err: err}), true
	}
	return exitOK, true
}

// checkArgs turns a cobra argument check's failure into a usage error
// that names the command and shows how to call it.
func checkArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usagef("Error: %s: %v\nUsage: %s", cmd.CommandPath(), err, cmd.UseLine())
		}
		return nil
	}
}

// helpWithSubcommands makes root's help that of the whole command tree.
func (c *CLI) helpWithSubcommands(root *cobra.Command) {
	root.SetHelpFunc(func(*cobra.Command, []string) {
		tree := c.commandTree()
		tree.InitDefaultHelpFlag()
		tree.InitDefaultVersionFlag()
		tree.HelpFunc()(tree, nil)
	})
}
