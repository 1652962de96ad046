package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"corvid/internal/app"
)

// permissionsCommand is corvid permissions, the parent of check.
func (c *CLI) permissionsCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "permissions",
		Short: "Inspect permission decisions",
		Args:  checkArgs(cobra.NoArgs),
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(c.permissionsCheckCommand())
	return cmd
}

// permissionsCheckCommand is corvid permissions check [flags]
// 'Tool(argument)': print what a run started here with those flags would
// decide for that call, and why. Nothing runs.
func (c *CLI) permissionsCheckCommand() *cobra.Command {
	var f flags
	cmd := &cobra.Command{
		Use:   "check [flags] 'Tool(argument)'",
		Short: "Explain the decision for one tool call, e.g. 'Bash(rm -rf build)'",
		Example: "  corvid permissions check 'Bash(npm test)'\n" +
			"  corvid permissions check --allowedTools 'Bash(npm test)' 'Bash(npm test)'",
		Args: checkArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.set = cmd.Flags().Changed
			return c.permissionsCheck(&f, args[0])
		},
	}
	f.definePermissions(cmd.Flags())
	return cmd
}

func (c *CLI) permissionsCheck(f *flags, spec string) error {
	opts, err := c.permissionOptions(f)
	if err != nil {
		return err
	}
	d, err := app.Explain(opts, spec)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "%s\n%s\n", d.Behavior, d.Reason)
	return nil
}

// permissionOptions reads the permission flags of a subcommand that
// judges calls without running a conversation (permissions check, mcp
// serve) as -p would: the options, with warnings shown.
func (c *CLI) permissionOptions(f *flags) (app.Options, error) {
	f.print, f.outputFormat, f.inputFormat = true, "text", "text"
	inv, err := validate(f, nil, env{getenv: c.getenv, geteuid: c.geteuid})
	if err != nil {
		return app.Options{}, err
	}
	for _, w := range inv.warnings {
		c.warn(w)
	}
	cwd, err := c.getwd()
	if err != nil {
		return app.Options{}, err
	}
	opts := inv.opts
	opts.Cwd, opts.Getenv, opts.Stderr = cwd, c.getenv, c.Stderr
	return opts, nil
}
