package mcp

import "errors"

// Sentinels callers may test with errors.Is.
var (
	// ErrConfig marks a server entry that cannot be used as written.
	ErrConfig = errors.New("invalid MCP server configuration")
	// ErrUnknownServer is returned for a name no configured server has.
	ErrUnknownServer = errors.New("no such MCP server")
	// ErrNotConnected is returned when a server is not (yet) usable.
	ErrNotConnected = errors.New("MCP server not connected")
	// ErrNotFound marks a stdio command that is not installed.
	ErrNotFound = errors.New("command not found")
	// ErrExited marks a stdio server that exited during start-up.
	ErrExited = errors.New("server exited")
	// ErrStartTimeout marks a server that did not answer initialize in time.
	ErrStartTimeout = errors.New("no answer to initialize")
)
