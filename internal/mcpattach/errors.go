package mcpattach

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinels callers may test with errors.Is.
var (
	// ErrMissingArgument marks an MCP prompt invoked without a required
	// argument; nothing was sent to the server.
	ErrMissingArgument = errors.New("missing required argument")
	// ErrNoArguments marks words given to an MCP prompt that declares no
	// arguments.
	ErrNoArguments = errors.New("the prompt takes no arguments")
)

// ArgError is an MCP prompt invocation whose arguments do not fit the
// prompt's declaration.
type ArgError struct {
	Command string   // the slash command, without the slash
	Missing string   // the first required argument not given
	Args    []string // the declared arguments, in order
	Extra   string   // words given to a prompt without arguments
	err     error
}

func (e *ArgError) Error() string {
	if e.err == ErrNoArguments {
		return fmt.Sprintf("Error: /%s takes no arguments, but was given %q. Run it as /%s", e.Command, e.Extra, e.Command)
	}
	return fmt.Sprintf("Error: Missing required argument: %s. Usage: /%s %s", e.Missing, e.Command, strings.Join(e.Args, " "))
}

func (e *ArgError) Unwrap() error { return e.err }
