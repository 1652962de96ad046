package mcpserve

import "errors"

// ErrServe wraps a failure of the MCP connection itself (the client's
// input could not be read or its output written).
var ErrServe = errors.New("mcp serve")
