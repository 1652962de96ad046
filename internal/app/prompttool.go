package app

import (
	"slices"

	"corvid/internal/mcp"
	"corvid/internal/permission"
	"corvid/internal/tools/mcptool"
)

// withPromptTool makes the --permission-prompt-tool MCP tool the asker
// of permission questions (nil when none is named). The tool is looked
// up when it is first asked: its server connects later.
func withPromptTool(opts Options, pcfg *permission.Config) (*mcptool.PromptTool, error) {
	if opts.PermissionPromptTool == "" {
		return nil, nil
	}
	p, err := mcptool.NewPromptTool(opts.PermissionPromptTool)
	if err != nil {
		return nil, err
	}
	pcfg.Asker = p
	return p, nil
}

// bindPromptTool gives the prompt tool the session's servers and warns
// when it is not among their tools yet (every question is then refused
// until its server connects).
func (s *setup) bindPromptTool(opts Options, p *mcptool.PromptTool) {
	if p == nil {
		return
	}
	if s.mcp == nil {
		warnf(opts, "warning: --permission-prompt-tool %s: no MCP server is configured; every permission question will be refused\n", p.Name())
		return
	}
	p.Bind(s.mcp)
	if !slices.ContainsFunc(s.mcp.Tools(), func(st mcp.ServerTool) bool { return mcptool.Name(st.Server, st.Tool.Name) == p.Name() }) {
		warnf(opts, "warning: --permission-prompt-tool %s is not a tool of a connected MCP server (yet); until it is, permission questions are refused\n", p.Name())
	}
}
