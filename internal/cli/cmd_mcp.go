package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"corvid/internal/app"
	"corvid/internal/mcp"
)

// mcpCommand is corvid mcp, the parent of add, add-json, list, get,
// remove, login and logout (Claude Code's claude mcp), and of serve
// (corvid's tools over MCP, mcp_serve.go).
func (c *CLI) mcpCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Configure and check MCP servers, or serve corvid's tools over MCP",
		Args:  checkArgs(cobra.NoArgs),
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(c.mcpAddCommand(), c.mcpAddJSONCommand(), c.mcpListCommand(),
		c.mcpGetCommand(), c.mcpRemoveCommand(), c.mcpServeCommand(), c.mcpLoginCommand(), c.mcpLogoutCommand())
	return cmd
}

// mcpWhere is where the scopes of the current directory are kept.
func (c *CLI) mcpWhere() (mcp.Where, string, error) {
	cwd, err := c.getwd()
	if err != nil {
		return mcp.Where{}, "", err
	}
	dir, err := app.ConfigDir(c.getenv)
	return mcp.Where{ProjectDir: cwd, ConfigDir: dir}, cwd, err
}

func (c *CLI) mcpAddCommand() *cobra.Command {
	var scope, transport, clientID string
	var env, headers []string
	var callbackPort int
	cmd := &cobra.Command{
		Use:   "add [flags] <name> <commandOrUrl> [args...]",
		Short: "Add an MCP server (put -- before a stdio command's own flags)",
		Example: "  corvid mcp add -e API_KEY=xyz my-server -- npx -y my-mcp-server\n" +
			"  corvid mcp add --transport http -H 'Authorization: Bearer ${TOKEN}' api https://example.com/mcp",
		Args: checkArgs(cobra.MinimumNArgs(2)),
		RunE: func(_ *cobra.Command, args []string) error {
			cfg, err := serverFromFlags(transport, args[1], args[2:], env, headers)
			if err != nil {
				return err
			}
			if cfg.OAuth, err = oauthFromFlags(cfg, clientID, callbackPort); err != nil {
				return err
			}
			return c.mcpAdd(scope, args[0], cfg, describeAdded(args[0], cfg))
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&scope, "scope", "s", "local", "Configuration `scope`: local, user or project")
	fs.StringVarP(&transport, "transport", "t", "stdio", "Transport `type`: stdio, http or sse")
	fs.StringArrayVarP(&env, "env", "e", nil, "Environment variable for a stdio server (`KEY=value`, repeatable)")
	fs.StringArrayVarP(&headers, "header", "H", nil, "HTTP header for an http or sse server (`'Name: value'`, repeatable)")
	fs.StringVar(&clientID, "client-id", "", "OAuth client `ID` for an http server (else corvid mcp login registers one)")
	fs.IntVar(&callbackPort, "callback-port", 0, "Fixed `port` for the OAuth callback (for a pre-registered redirect URI)")
	return cmd
}

// oauthFromFlags is the entry's "oauth" member from --client-id and
// --callback-port (nil when neither is set).
func oauthFromFlags(cfg mcp.ServerConfig, clientID string, port int) (*mcp.OAuthConfig, error) {
	if clientID == "" && port == 0 {
		return nil, nil
	}
	if cfg.Transport() != mcp.TypeHTTP {
		return nil, fmt.Errorf("%w: --client-id and --callback-port are for http servers", mcp.ErrConfig)
	}
	if port < 0 || port > 65535 {
		return nil, fmt.Errorf("%w: --callback-port %d is not a port", mcp.ErrConfig, port)
	}
	return &mcp.OAuthConfig{ClientID: clientID, CallbackPort: port}, nil
}

func (c *CLI) mcpAddJSONCommand() *cobra.Command {
	var scope string
	cmd := &cobra.Command{
		Use:   "add-json [flags] <name> <json>",
		Short: "Add an MCP server from its JSON entry",
		Args:  checkArgs(cobra.ExactArgs(2)),
		RunE: func(_ *cobra.Command, args []string) error {
			cfg, err := mcp.ParseEntry(json.RawMessage(args[1]))
			if err != nil {
				return err
			}
			return c.mcpAdd(scope, args[0], cfg, fmt.Sprintf("Added %s MCP server %s", kind(cfg), args[0]))
		},
	}
	cmd.Flags().StringVarP(&scope, "scope", "s", "local", "Configuration `scope`: local, user or project")
	return cmd
}

func (c *CLI) mcpAdd(scopeFlag, name string, cfg mcp.ServerConfig, said string) error {
	scope, err := mcp.ParseScope(scopeFlag)
	if err != nil {
		return err
	}
	where, _, err := c.mcpWhere()
	if err != nil {
		return err
	}
	path, err := where.Add(scope, name, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "%s to %s config\nFile modified: %s\n", said, scope, path)
	return nil
}

// serverFromFlags builds an entry from mcp add's arguments.
func serverFromFlags(transport, target string, args, env, headers []string) (mcp.ServerConfig, error) {
	cfg := mcp.ServerConfig{Type: transport}
	switch transport {
	case mcp.TypeHTTP, mcp.TypeSSE:
		cfg.URL = target
		if len(args) > 0 {
			return cfg, fmt.Errorf("%w: a %s server takes a URL and no arguments", mcp.ErrConfig, transport)
		}
	default:
		cfg.Command, cfg.Args = target, args
	}
	for _, e := range env {
		k, v, ok := strings.Cut(e, "=")
		if !ok || k == "" {
			return cfg, fmt.Errorf("%w: --env %q: want KEY=value", mcp.ErrConfig, e)
		}
		if cfg.Env == nil {
			cfg.Env = map[string]string{}
		}
		cfg.Env[k] = v
	}
	for _, h := range headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return cfg, fmt.Errorf("%w: --header %q: want 'Name: value'", mcp.ErrConfig, h)
		}
		if cfg.Headers == nil {
			cfg.Headers = map[string]string{}
		}
		cfg.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return cfg, cfg.Validate()
}

func kind(cfg mcp.ServerConfig) string {
	switch cfg.Transport() {
	case mcp.TypeHTTP:
		return "HTTP"
	case mcp.TypeSSE:
		return "SSE"
	}
	return cfg.Transport()
}

func describeAdded(name string, cfg mcp.ServerConfig) string {
	if cfg.URL != "" {
		return fmt.Sprintf("Added %s MCP server %s with URL: %s", kind(cfg), name, cfg.URL)
	}
	return fmt.Sprintf("Added stdio MCP server %s with command: %s", name,
		strings.TrimSpace(cfg.Command+" "+strings.Join(cfg.Args, " ")))
}

func (c *CLI) mcpRemoveCommand() *cobra.Command {
	var scope string
	cmd := &cobra.Command{
		Use:   "remove [flags] <name>",
		Short: "Remove an MCP server (from the one scope that has it, or -s)",
		Args:  checkArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			var s mcp.Scope
			if cmd.Flags().Changed("scope") {
				var err error
				if s, err = mcp.ParseScope(scope); err != nil {
					return err
				}
			}
			where, _, err := c.mcpWhere()
			if err != nil {
				return err
			}
			s, path, err := where.Remove(s, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(c.Stdout, "Removed MCP server %s from %s config\nFile modified: %s\n", args[0], s, path)
			return nil
		},
	}
	cmd.Flags().StringVarP(&scope, "scope", "s", "", "Configuration `scope`: local, user or project")
	return cmd
}
