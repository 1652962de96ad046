package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"corvid/internal/app"
	"corvid/internal/mcp"
)

// loginBound bounds how long corvid mcp login waits for the browser.
const loginBound = 10 * time.Minute

// mcpLoginCommand is corvid mcp login <name> (Claude Code's claude mcp
// login): OAuth for a streamable HTTP server, without a browser: corvid
// prints the authorization URL and waits for the redirect.
func (c *CLI) mcpLoginCommand() *cobra.Command {
	var noBrowser bool
	cmd := &cobra.Command{
		Use:   "login [flags] <name>",
		Short: "Authenticate with an MCP server (HTTP) over OAuth",
		Long: "corvid mcp login runs the server's OAuth flow: it prints the authorization URL to open in a\n" +
			"browser (on any machine that can reach this one's 127.0.0.1 callback, e.g. through an SSH tunnel),\n" +
			"waits for the redirect, and stores the tokens in the config dir's mcp-oauth/ (mode 0600).\n" +
			"Sessions then send them and refresh them when they expire.",
		Args: checkArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error { return c.mcpLogin(cmd.Context(), args[0]) },
	}
	// corvid never opens a browser; the flag is accepted for Claude Code's habit.
	cmd.Flags().BoolVar(&noBrowser, "no-browser", false, "Print the authorization URL (corvid always does)")
	return cmd
}

func (c *CLI) mcpLogoutCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "logout <name>",
		Short: "Clear stored OAuth credentials for an MCP server",
		Args:  checkArgs(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			s, opts, err := c.mcpAuthServer(args[0])
			if err != nil {
				return err
			}
			removed, err := mcp.Logout(s, opts)
			switch {
			case err != nil:
				return err
			case removed:
				fmt.Fprintf(c.Stdout, "Removed the stored OAuth credentials of %s.\n", s.Name)
			default:
				fmt.Fprintf(c.Stdout, "No OAuth credentials were stored for %s.\n", s.Name)
			}
			return nil
		},
	}
}

func (c *CLI) mcpLogin(ctx context.Context, name string) error {
	s, opts, err := c.mcpAuthServer(name)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, loginBound)
	defer cancel()
	go func() { // a signal stops the wait; the deferred cancel ends this goroutine
		select {
		case <-c.Signals:
			cancel()
		case <-ctx.Done():
		}
	}()
	opts.Out = c.Stdout
	return mcp.Login(ctx, s, opts)
}

// mcpAuthServer finds the configured server name and the options of its
// OAuth credentials.
func (c *CLI) mcpAuthServer(name string) (mcp.Server, mcp.LoginOptions, error) {
	cwd, err := c.getwd()
	if err != nil {
		return mcp.Server{}, mcp.LoginOptions{}, err
	}
	l, where, err := app.MCPConfig(c.getenv, c.Stderr, cwd)
	if err != nil {
		return mcp.Server{}, mcp.LoginOptions{}, err
	}
	l = only(l, name)
	switch {
	case len(l.Servers) == 1:
	case len(l.Held) == 1:
		return mcp.Server{}, mcp.LoginOptions{}, fmt.Errorf("%w: %q is a project server that is not approved yet (see corvid mcp get %s)",
			mcp.ErrNotConnected, name, name)
	default:
		return mcp.Server{}, mcp.LoginOptions{}, fmt.Errorf("%w: no MCP server named %q (see corvid mcp list)", mcp.ErrUnknownServer, name)
	}
	opts := app.MCPOptions(c.getenv, cwd)
	return l.Servers[0], mcp.LoginOptions{ConfigDir: where.ConfigDir, Getenv: opts.Getenv}, nil
}
