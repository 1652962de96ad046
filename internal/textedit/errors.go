package textedit

import (
	"errors"
	"fmt"
	"strings"
)

// The input errors the model sees. Their wording keeps the phrases models
// know from Claude Code ("String to replace not found in file.", "Found N
// matches", "replace_all is false", "No changes to make:").
var (
	// ErrSame is an edit whose old_string equals its new_string.
	ErrSame = errors.New("No changes to make: old_string and new_string are exactly the same.")
	// ErrUnchanged is a set of edits that leaves the file as it was.
	ErrUnchanged = errors.New("No changes to make: the edit leaves the file exactly as it was, so nothing was written.")
	// ErrTooLarge is an edit that would grow the file past MaxFileSize.
	ErrTooLarge = fmt.Errorf("The edit would make the file larger than %d MiB, so nothing was changed.", MaxFileSize>>20)
	// ErrEmptyOld is an empty old_string on text that is not empty.
	ErrEmptyOld = errors.New("old_string is empty, which only creates a new file (or fills an empty one), but this file already has content. Put the exact text to replace in old_string.")
)

// NotFoundError is an old_string that matches nowhere, not even through
// the tolerant matchers. Hint names the nearest candidate ("" if none).
type NotFoundError struct{ Old, Hint string }

func (e *NotFoundError) Error() string {
	s := "String to replace not found in file.\nString: " + e.Old
	if e.Hint != "" {
		s += "\n" + e.Hint
	}
	return s
}

// AmbiguousError is an old_string that matches more than once while
// replace_all is false.
// Lines are the 1-based lines the matches begin on.
type AmbiguousError struct {
	Old     string
	Matches int
	Lines   []int
}

// maxListed caps the line numbers an AmbiguousError lists.
const maxListed = 10

func (e *AmbiguousError) Error() string {
	s := fmt.Sprintf("Found %d matches of the string to replace, but replace_all is false. "+
		"Set replace_all to true to change every occurrence, or include more of the surrounding "+
		"text in old_string so that it matches exactly one place.\nString: %s", e.Matches, e.Old)
	if len(e.Lines) == 0 {
		return s
	}
	return s + "\nThe matches are on " + listLines(e.Lines) + "; add lines around the one you mean to old_string."
}

// listLines writes "line 3", "lines 3, 17", or "line 1 (2 matches)".
func listLines(lines []int) string {
	var b strings.Builder
	distinct := 0
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if distinct == maxListed {
			b.WriteString(", …")
			break
		}
		if distinct > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, lines[i])
		if j-i > 1 {
			fmt.Fprintf(&b, " (%d matches)", j-i)
		}
		distinct++
		i = j
	}
	if distinct == 1 {
		return "line " + b.String()
	}
	return "lines " + b.String()
}

// StepError names the failing edit of a sequence of several.
type StepError struct {
	Index, Total int // Index is 0-based
	Err          error
}

func (e *StepError) Error() string {
	return fmt.Sprintf("Edit %d of %d failed: %v", e.Index+1, e.Total, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// IOError is a failure of the file system rather than of the input (a
// permission problem, a full disk). The tools report it without the
// <tool_use_error> wrapping.
type IOError struct {
	Op, Path string
	Err      error
}

func (e *IOError) Error() string { return fmt.Sprintf("Error %s %s: %v", e.Op, e.Path, e.Err) }

func (e *IOError) Unwrap() error { return e.Err }
