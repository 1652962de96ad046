// Package mcpserve exposes corvid's tools to any MCP client over
// newline-delimited JSON-RPC (stdio for `corvid mcp serve`), on the
// codec the MCP client uses too (internal/jsonrpc). Each call goes
// through the same pipeline a conversation uses: corvid's schema
// validation, the tool's own checks, the permission engine (nobody to
// ask: what would ask is denied, as in -p) and the tool. Tool
// annotations come from the tools' self-descriptions.
//
// The server answers initialize (with protocol version negotiation),
// ping, tools/list and tools/call; it honours notifications/cancelled
// and sends notifications/progress when a call carries a progress
// token. Anything else is "method not found".
package mcpserve
