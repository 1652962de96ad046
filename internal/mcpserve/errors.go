package mcpserve

import "errors"

// ErrServe wraps a failure of the MCP connection itself.
var ErrServe = errors.New("mcp serve")
