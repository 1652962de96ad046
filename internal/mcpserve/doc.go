// Package mcpserve exposes corvid's tools to any MCP client over a
// transport (stdio for `corvid mcp serve`), with the official go-sdk's
// server. Each call goes through the same pipeline a conversation uses:
// corvid's schema validation, the tool's own checks, the permission
// engine (nobody to ask: what would ask is denied, as in -p) and the
// tool. Tool annotations come from the tools' self-descriptions.
//
// Only internal/cli imports it, for the mcp serve command, so the
// go-sdk stays out of packages that do not serve.
package mcpserve
