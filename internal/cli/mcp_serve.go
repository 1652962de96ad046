package cli

import (
	"context"

	"github.com/spf13/cobra"

	"corvid/internal/app"
	"corvid/internal/mcpserve"
	"corvid/internal/version"
)

// mcpServeCommand is corvid mcp serve [flags]: corvid's built-in tools
// for any MCP client, over stdio.
func (c *CLI) mcpServeCommand() *cobra.Command {
	var f flags
	cmd := &cobra.Command{
		Use:   "serve [flags]",
		Short: "Serve corvid's tools over MCP on stdio",
		Long: "corvid mcp serve offers corvid's built-in tools (Bash, Read, Edit, ...) to an MCP client on\n" +
			"stdin/stdout. Every call is checked by the same permission rules and mode a run here would use;\n" +
			"there is nobody to ask, so a call that would ask is denied unless --permission-mode,\n" +
			"--allowedTools or settings rules allow it.",
		Example: "  corvid mcp serve --allowedTools 'Bash(git status)'",
		Args:    checkArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.set = cmd.Flags().Changed
			return c.mcpServe(cmd.Context(), &f)
		},
	}
	f.definePermissions(cmd.Flags())
	return cmd
}

func (c *CLI) mcpServe(ctx context.Context, f *flags) error {
	opts, err := c.permissionOptions(f)
	if err != nil {
		return err
	}
	ts, err := app.OpenToolset(opts)
	if err != nil {
		return err
	}
	defer ts.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { // a signal ends the server; the deferred cancel ends this goroutine
		select {
		case <-c.Signals:
			cancel()
		case <-ctx.Done():
		}
	}()
	return mcpserve.Serve(ctx, mcpserve.Config{Tools: ts.Tools, Pipeline: ts.Pipeline, Env: ts.Env,
		Version: version.Corvid}, c.Stdin, c.Stdout)
}
