package mcp

import (
	"errors"
	"fmt"
)

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
	// ErrProtocol marks a server that wrote something that is not JSON-RPC.
	ErrProtocol = errors.New("the server wrote something that is not JSON-RPC")
	// ErrStartTimeout marks a server that did not answer initialize in time.
	ErrStartTimeout = errors.New("no answer to initialize")
)

// ProtocolError is a message from a server that is not JSON-RPC.
type ProtocolError struct {
	Got string // the start of what it wrote
}

func (e *ProtocolError) Error() string { return fmt.Sprintf("%v: %q", ErrProtocol, e.Got) }

func (e *ProtocolError) Is(target error) bool { return target == ErrProtocol }

// errWireClosed ends a wire corvid closed.
var errWireClosed = errors.New("the connection was closed")

// ErrNoSDKHost marks a server of type "sdk" in a session that no Agent
// SDK host drives: only a host can serve it.
var ErrNoSDKHost = errors.New(`a server of type "sdk" runs inside an Agent SDK host, and this session has none`)
