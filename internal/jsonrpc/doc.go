// Package jsonrpc is the JSON-RPC 2.0 codec MCP uses, shared by corvid's
// MCP client (internal/mcp) and its MCP server (internal/mcpserve): the
// message envelope, the error object and its standard codes, and
// newline-delimited framing with a cap on each message.
//
// It holds no connection state; a client or server keeps its own table
// of calls. It imports only the standard library and initialises
// nothing, so linking it costs no start-up time.
package jsonrpc
