package subagent

import (
	"errors"
	"fmt"
)

// Sentinel errors.
var (
	// ErrUnknownType is returned for a subagent_type no definition has.
	ErrUnknownType = errors.New("unknown agent type")
	// ErrBadDefinition wraps what is wrong with a definition file.
	ErrBadDefinition = errors.New("invalid agent definition")
	// ErrUnknownSkill is returned when a definition preloads a skill that
	// does not exist.
	ErrUnknownSkill = errors.New("unknown skill")
)

// DefinitionError names the file (or source) of a bad definition and the
// line the problem is on (0 when none).
type DefinitionError struct {
	Source string
	Line   int
	Msg    string
}

func (e *DefinitionError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Source, e.Msg)
}

// Unwrap makes every DefinitionError match ErrBadDefinition.
func (e *DefinitionError) Unwrap() error { return ErrBadDefinition }
