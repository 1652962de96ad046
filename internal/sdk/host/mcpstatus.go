package host

import (
	"slices"

	"corvid/internal/mcp"
)

// mcpServer is one entry of mcp_status (Claude Code 2.1.332's fields).
type mcpServer struct {
	Name       string              `json:"name"`
	Status     string              `json:"status"`
	ServerInfo *mcp.Implementation `json:"serverInfo,omitempty"`
	Error      string              `json:"error,omitempty"`
	Scope      string              `json:"scope,omitempty"`
	Source     string              `json:"source,omitempty"`
	Tools      []mcpToolInfo       `json:"tools,omitempty"`
}

type mcpToolInfo struct {
	Name        string   `json:"name"`
	Annotations struct{} `json:"annotations"`
}

// mcpStatuses is what app.Conversation reports of its servers.
type mcpStatuses interface{ MCPStatus() []mcp.Status }

// mcpStatus reports the conversation's MCP servers, the host's
// in-process ones among them; before the conversation opened (or when
// it could not), the host's servers are pending (or failed).
func (h *Host) mcpStatus() any {
	h.mu.Lock()
	conv, init, openErr := h.conv, h.init, h.openErr
	h.mu.Unlock()
	list := []mcpServer{}
	if c, ok := conv.(mcpStatuses); ok {
		for _, s := range c.MCPStatus() {
			list = append(list, serverEntry(s))
		}
	} else if conv != nil {
		for _, s := range conv.Info().MCPServers {
			list = append(list, mcpServer{Name: s.Name, Status: s.Status, Error: s.Error})
		}
	}
	if init == nil {
		return map[string]any{"mcpServers": list}
	}
	for _, name := range init.SDKMCPServers {
		if slices.ContainsFunc(list, func(s mcpServer) bool { return s.Name == name }) {
			continue
		}
		s := mcpServer{Name: name, Status: "pending"}
		if openErr != nil {
			s.Status, s.Error = "failed", "the conversation did not start: "+openErr.Error()
		}
		list = append(list, s)
	}
	return map[string]any{"mcpServers": list}
}

// serverEntry is one server's mcp_status entry. The host's in-process
// servers have scope dynamic and source sdk, as in Claude Code.
func serverEntry(s mcp.Status) mcpServer {
	e := mcpServer{Name: s.Name, Status: string(s.State), Error: s.Error, Scope: string(s.Scope), Source: string(s.Scope)}
	if s.Scope == mcp.ScopeSDK {
		e.Scope = string(mcp.ScopeDynamic)
	}
	if s.ServerName != "" {
		e.ServerInfo = &mcp.Implementation{Name: s.ServerName, Version: s.Version}
	}
	for _, t := range s.Tools {
		e.Tools = append(e.Tools, mcpToolInfo{Name: t})
	}
	return e
}
