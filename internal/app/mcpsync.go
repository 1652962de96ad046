package app

import (
	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/mcptool"
	"corvid/internal/tools/toolsearch"
)

// mcpSync returns what keeps the registry's MCP tools current (a server
// connecting late, tools/list_changed) and, past the ENABLE_TOOL_SEARCH
// threshold, defers them behind ToolSearch; and the announcer that lists
// the deferred tools in reminders.
func (s *setup) mcpSync(opts Options, env environment, o mcptool.Options, deny []permission.RuleSource) (*mcptool.Sync, *toolsearch.Announcer) {
	reg := s.engine.Tools
	policy, err := toolsearch.ParsePolicy(env.str("ENABLE_TOOL_SEARCH"))
	if err != nil {
		warnf(opts, "warning: %v\n", err)
	}
	window := s.engine.Model.ContextWindow
	d := mcptool.Deferral{Search: toolsearch.New(reg), Exceeds: func(tools []tool.Tool) bool { return policy.Exceeds(tools, window) }}
	return mcptool.NewSync(reg, o, mcpHiddenBy(deny), d), toolsearch.NewAnnouncer(reg)
}
