package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"corvid/internal/config"
	"corvid/internal/event"
	"corvid/internal/mcp"
	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/mcptool"
	"corvid/internal/version"
)

// defaultMCPWait bounds how long the first request waits for MCP servers
// still connecting, unless MCP_TIMEOUT says otherwise.
const defaultMCPWait = 5 * time.Second

// startMCP loads the MCP configuration, starts every server in the
// background, waits a bounded time for them and returns the manager (nil
// when no server is configured) and whether any server is to connect.
// changed is told when a server's tools may have changed (mcp.Options.Changed).
func startMCP(opts Options, env environment, s *config.Settings, sessionDir string, changed func(string)) (*mcp.Manager, bool, error) {
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, false, err
	}
	trusted, _ := trustStore(cfgDir).Trusted(opts.Cwd)
	loaded, err := mcp.Load(mcp.LoadOptions{ProjectDir: opts.Cwd, ConfigDir: cfgDir,
		Flags: opts.MCPConfig, Strict: opts.StrictMCPConfig, Trusted: trusted, Approval: approval(s)})
	if err != nil {
		return nil, false, err
	}
	loaded.WithSDK(opts.SDKMCPServers)
	for _, p := range loaded.Problems {
		warnf(opts, "warning: MCP: %v\n", p)
	}
	if len(loaded.Servers)+len(loaded.Held) == 0 {
		return nil, false, nil
	}
	timeout := millis(env.int("MCP_TIMEOUT"))
	m := mcp.Start(loaded, mcp.Options{ProjectDir: opts.Cwd, Environ: mcpEnviron(s), Getenv: lookup(env),
		LogDir: filepath.Join(sessionDir, "mcp-logs"), StartTimeout: timeout, Version: version.Corvid, SDK: opts.SDKMCP, ConfigDir: cfgDir,
		Warn:    func(server string, err error) { warnf(opts, "warning: MCP server %q: %v\n", server, err) },
		Changed: changed})
	wait := defaultMCPWait
	if timeout > 0 {
		wait = timeout
	}
	m.Wait(context.Background(), wait)
	return m, len(loaded.Servers) > 0, nil
}

// approval reads the settings that approve .mcp.json servers (an
// untrusted repository's own files cannot set them: config withholds them).
func approval(s *config.Settings) mcp.Approval {
	all, _ := rawSetting[bool](s, "enableAllProjectMcpServers")
	on, _ := rawSetting[[]string](s, "enabledMcpjsonServers")
	off, _ := rawSetting[[]string](s, "disabledMcpjsonServers")
	return mcp.Approval{EnableAll: all, Enabled: on, Disabled: off}
}

// mcpEnviron is the environment of stdio servers: the process's, with the
// settings' env on top.
func mcpEnviron(s *config.Settings) []string {
	return append(os.Environ(), envList(s.Env)...)
}

// lookup resolves ${VAR} in server entries: the settings' env, then the
// process's.
func lookup(env environment) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if v := env.str(name); v != "" {
			return v, true
		}
		return os.LookupEnv(name)
	}
}

// mcpStatus is the servers' state for system/init.
func mcpStatus(m *mcp.Manager) []event.MCPServer {
	out := []event.MCPServer{}
	for _, s := range m.Status() {
		out = append(out, event.MCPServer{Name: s.Name, Status: string(s.State), Source: string(s.Scope), Error: s.Error})
	}
	return out
}

// MCPStatus reports the conversation's MCP servers (for mcp_status).
func (c *Conversation) MCPStatus() []mcp.Status { return c.s.mcp.Status() }

// mcpHiddenBy reports the MCP tools that bare deny rules remove from the
// model's view: mcp__server, mcp__server__*, mcp__* and exact names.
func mcpHiddenBy(deny []permission.RuleSource) func(name string) bool {
	return func(name string) bool {
		for _, r := range deny {
			rule := strings.TrimSuffix(strings.TrimSpace(r.Text), "(*)")
			if !strings.Contains(rule, "(") && hides(rule, name) {
				return true
			}
		}
		return false
	}
}

func hides(rule, name string) bool {
	switch {
	case rule == name, rule == "*", rule == "mcp__*" && strings.HasPrefix(name, "mcp__"):
		return true
	case strings.HasSuffix(rule, "__*"):
		return strings.HasPrefix(name, strings.TrimSuffix(rule, "*"))
	case strings.HasPrefix(rule, "mcp__") && !strings.Contains(rule[5:], "__"):
		return strings.HasPrefix(name, rule+"__")
	}
	return false
}

// describeMCP is a one-line summary of the servers that are not connected,
// for warnings.
func describeMCP(m *mcp.Manager) string {
	var b strings.Builder
	for _, s := range m.Status() {
		if s.State != mcp.StateConnected && s.Error != "" {
			fmt.Fprintf(&b, "warning: %s\n", s.Error)
		}
	}
	return b.String()
}

// addMCP starts the MCP servers and keeps their tools in the registry:
// those of the servers up after the first wait now, in configuration
// order, and later ones as they connect or change (mcpSync).
func (s *setup) addMCP(opts Options, env environment, settings *config.Settings, deny []permission.RuleSource) error {
	o := mcptool.Options{MaxTokens: env.int("MAX_MCP_OUTPUT_TOKENS"), Spill: s.kit.spill,
		Timeout: millis(env.int("MCP_TOOL_TIMEOUT"))}
	sync, announcer := s.mcpSync(opts, env, o, deny)
	m, any, err := startMCP(opts, env, settings, s.engine.SessionDir, sync.Changed)
	if err != nil || m == nil {
		return err
	}
	s.mcp = m
	if msg := describeMCP(m); msg != "" {
		warnf(opts, "%s", msg)
	}
	if err := sync.Start(m); err != nil {
		return err
	}
	if any {
		var shown []tool.Tool
		for _, t := range mcptool.ResourceTools(m, o) {
			if !mcpHiddenBy(deny)(t.Name()) {
				shown = append(shown, t)
			}
		}
		if err := s.engine.Tools.Add(shown...); err != nil {
			return err
		}
	}
	s.engine.Reminders = reminders(s.engine.Reminders, announcer.Notes)
	return nil
}

// MCPConfig loads the MCP servers a session started in cwd would use
// (corvid mcp list and get), with the settings that approve .mcp.json
// servers, and returns where the editable scopes are kept.
func MCPConfig(getenv func(string) string, stderr io.Writer, cwd string) (*mcp.Loaded, mcp.Where, error) {
	opts := Options{Cwd: cwd, Getenv: getenv, Stderr: stderr}
	env := environment(getenv)
	cfgDir, err := configDir(env)
	if err != nil {
		return nil, mcp.Where{}, err
	}
	where := mcp.Where{ProjectDir: cwd, ConfigDir: cfgDir}
	settings, err := loadSettings(opts, env)
	if err != nil {
		return nil, where, err
	}
	trusted, _ := trustStore(cfgDir).Trusted(cwd)
	l, err := mcp.Load(mcp.LoadOptions{ProjectDir: cwd, ConfigDir: cfgDir, Trusted: trusted, Approval: approval(settings)})
	return l, where, err
}

// MCPOptions are the connection options corvid mcp list and get use.
func MCPOptions(getenv func(string) string, cwd string) mcp.Options {
	env := environment(getenv)
	cfgDir, _ := configDir(env) // "": no OAuth tokens, the servers say needs-auth
	return mcp.Options{ProjectDir: cwd, Environ: os.Environ(), Getenv: lookup(env), ConfigDir: cfgDir,
		StartTimeout: millis(env.int("MCP_TIMEOUT")), Version: version.Corvid}
}
