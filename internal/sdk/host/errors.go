package host

import "errors"

var (
	// ErrHostGone is a request to the host after its input ended: nobody
	// is left to answer.
	ErrHostGone = errors.New("host: the SDK host closed its input; no answer can come")
	// ErrCancelled is a request the host withdrew (control_cancel_request).
	ErrCancelled = errors.New("host: the request was cancelled")
	// ErrUnknownSubtype is a control request corvid does not implement.
	ErrUnknownSubtype = errors.New("unsupported control request subtype")
	// ErrLineTooLong is an input line over MaxLine.
	ErrLineTooLong = errors.New("host: input line too long")
)

var (
	// ErrNoMCPResponse is an answer to mcp_message without the server's
	// JSON-RPC message.
	ErrNoMCPResponse = errors.New("host: mcp_message answer without an mcp_response")
	// ErrNoMCPServer is the host's mcp_message for a server corvid is not
	// connected to.
	ErrNoMCPServer = errors.New("host: no connected SDK MCP server")
)
