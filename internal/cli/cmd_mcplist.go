package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"corvid/internal/app"
	"corvid/internal/mcp"
)

// healthBound bounds how long mcp list and get wait for servers.
const healthBound = 60 * time.Second

func (c *CLI) mcpListCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the MCP servers and check that they connect",
		Args:  checkArgs(cobra.NoArgs),
		RunE:  func(cmd *cobra.Command, _ []string) error { return c.mcpList(cmd.Context(), "") },
	}
}

func (c *CLI) mcpGetCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "get <name>",
		Short: "Show one MCP server and check that it connects",
		Args:  checkArgs(cobra.ExactArgs(1)),
		RunE:  func(cmd *cobra.Command, args []string) error { return c.mcpList(cmd.Context(), args[0]) },
	}
}

// mcpList health-checks the servers (only name, when given) and prints
// them: a line each, or the details of the named one.
func (c *CLI) mcpList(ctx context.Context, name string) error {
	cwd, err := c.getwd()
	if err != nil {
		return err
	}
	l, _, err := app.MCPConfig(c.getenv, c.Stderr, cwd)
	if err != nil {
		return err
	}
	if name != "" {
		l = only(l, name)
		if len(l.Servers)+len(l.Held) == 0 {
			return fmt.Errorf("%w: no MCP server named %q (see corvid mcp list)", mcp.ErrUnknownServer, name)
		}
	}
	if len(l.Servers)+len(l.Held) == 0 {
		fmt.Fprintln(c.Stdout, "No MCP servers configured. Use `corvid mcp add` to add a server.")
		return nil
	}
	fmt.Fprintf(c.Stdout, "Checking MCP server health...\n\n")
	m := mcp.Start(l, app.MCPOptions(c.getenv, cwd))
	defer m.Close()
	m.Wait(ctx, healthBound)
	status := map[string]mcp.Status{}
	for _, s := range m.Status() {
		status[s.Name] = s
	}
	servers := append(slices.Clone(l.Servers), l.Held...)
	slices.SortFunc(servers, func(a, b mcp.Server) int { return strings.Compare(a.Name, b.Name) })
	for _, s := range servers {
		if name != "" {
			printServer(c.Stdout, s, status[s.Name])
			continue
		}
		fmt.Fprintf(c.Stdout, "%s: %s - %s\n", s.Name, target(s.Config), health(status[s.Name]))
	}
	return nil
}

// only keeps the server called name.
func only(l *mcp.Loaded, name string) *mcp.Loaded {
	out := &mcp.Loaded{Reasons: l.Reasons}
	for _, s := range l.Servers {
		if s.Name == name {
			out.Servers = append(out.Servers, s)
		}
	}
	for _, s := range l.Held {
		if s.Name == name {
			out.Held = append(out.Held, s)
		}
	}
	return out
}

func target(c mcp.ServerConfig) string {
	if c.URL != "" {
		return fmt.Sprintf("%s (%s)", c.URL, kind(c))
	}
	return strings.TrimSpace(c.Command + " " + strings.Join(c.Args, " "))
}

func health(s mcp.Status) string {
	switch s.State {
	case mcp.StateConnected:
		return "✔ Connected"
	case mcp.StateDisabled:
		return "⏸ Not started: " + s.Error
	case mcp.StatePending:
		return "… Still connecting"
	case mcp.StateNeedsAuth:
		return "⚠ Needs authentication: " + s.Error
	}
	return "✘ Failed to connect: " + s.Error
}

func printServer(w io.Writer, s mcp.Server, st mcp.Status) {
	fmt.Fprintf(w, "%s:\n  Scope: %s\n  Status: %s\n  Type: %s\n", s.Name, mcp.Describe(s.Scope), health(st), s.Config.Transport())
	if s.Config.URL != "" {
		fmt.Fprintf(w, "  URL: %s\n", s.Config.URL)
	} else {
		fmt.Fprintf(w, "  Command: %s\n  Args: %s\n", s.Config.Command, strings.Join(s.Config.Args, " "))
	}
	for _, title := range []string{"Environment", "Headers"} {
		m := s.Config.Env
		if title == "Headers" {
			m = s.Config.Headers
		}
		if len(m) == 0 {
			continue
		}
		fmt.Fprintf(w, "  %s:\n", title)
		for _, k := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(w, "    %s=%s\n", k, m[k])
		}
	}
	if len(st.Tools) > 0 {
		fmt.Fprintf(w, "  Tools: %s\n", strings.Join(st.Tools, ", "))
	}
	if s.Scope != mcp.ScopeDynamic {
		fmt.Fprintf(w, "\nTo remove this server, run: corvid mcp remove %q -s %s\n", s.Name, s.Scope)
	}
}
