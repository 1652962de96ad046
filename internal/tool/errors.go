package tool

import "errors"

// ErrNoPath is what a file tool's AccessPath returns for an input that
// names no path.
var ErrNoPath = errors.New("no path given")

// Registry errors.
var (
	ErrNilTool       = errors.New("tool: nil tool")
	ErrEmptyName     = errors.New("tool: empty name")
	ErrDuplicateName = errors.New("tool: duplicate tool name")
	ErrFrozen        = errors.New("tool: a registry snapshot cannot change")
)
