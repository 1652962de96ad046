package mcptool

import "errors"

// ErrNoSessionDir is returned when output must be spilled but the call
// has no session directory.
var ErrNoSessionDir = errors.New("no session directory to save the output in")

var (
	// ErrPromptToolName is a --permission-prompt-tool value that does not
	// name an MCP tool.
	ErrPromptToolName = errors.New("--permission-prompt-tool: not an MCP tool name")
	// ErrPromptTool is a permission prompt tool that could not answer; the
	// call is refused.
	ErrPromptTool = errors.New("the permission prompt tool could not answer")
)
