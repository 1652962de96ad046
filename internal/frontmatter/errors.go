package frontmatter

import (
	"errors"
	"fmt"
)

// ErrUnclosed is a header opened by "---" that never closes.
var ErrUnclosed = errors.New(`frontmatter opened with "---" is never closed`)

// SyntaxError is a header line the parser cannot read.
type SyntaxError struct {
	// Line is 1-based, counting the opening "---" as line 1.
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("frontmatter line %d: %s", e.Line, e.Msg) }

// TypeError is a key whose value has the wrong shape (a list where a
// boolean belongs).
type TypeError struct {
	Key, Want string
}

func (e *TypeError) Error() string { return fmt.Sprintf("frontmatter key %q: want %s", e.Key, e.Want) }
