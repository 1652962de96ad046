// Package mcptool adapts the tools and resources of MCP servers (through
// internal/mcp's Manager) to corvid's tool.Tool: one tool per server tool,
// named mcp__<server>__<tool>, plus ListMcpResourcesTool and
// ReadMcpResourceTool.
//
// Results keep their text, image and resource blocks. Text beyond
// MAX_MCP_OUTPUT_TOKENS is saved whole to a file under the session's
// tool-results/ directory, which the model can Read, and the model gets
// the head and the path.
package mcptool
