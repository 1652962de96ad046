// Package textedit is the engine behind the Edit and MultiEdit tools:
// literal find-and-replace edits applied to a file's text, all or nothing.
//
// Matching is exact and byte-for-byte first (invalid UTF-8 is fine; an
// old_string typed with \n matches a CRLF file, and new_string is written
// with the file's endings). Only when that fails are the model's usual
// near misses tolerated (variants.go, chars.go, indent.go): Read's
// line-number prefixes, one level of escaping, line breaks at the ends,
// typographic and Unicode variants, blanks at line ends, and a consistent
// change of indentation. A tolerant match must point to one place, the
// same for every reading that fits, or the edit is refused; writeback.go
// keeps the file's own characters wherever new_string keeps old_string's.
// A refusal says what came closest (hint.go).
//
// Apply works on strings only; Run adds the file round trip (freshness
// check against the conversation's filestate cache, atomic write) and
// Outcome.Text the result the model reads. Only internal/tools/edit and
// internal/tools/multiedit import it.
package textedit

import (
	"context"
	"errors"
)

// Edit is one literal replacement: Old becomes New, once (Old must then
// match exactly one place) or everywhere when All is set. An empty Old
// stands for the whole text and is allowed only while the text is empty
// (it creates a file).
type Edit struct {
	Old, New string
	All      bool
}

// Norm says which normalisations an old_string needed before it matched.
type Norm uint8

// Applied describes how one edit went.
type Applied struct {
	// Count is the number of places replaced.
	Count int
	// Norm is zero for an exact match.
	Norm Norm
	// Restyled is set when new_string's quotes were rewritten in the
	// style (curly or straight) of the text they replace.
	Restyled bool
	// All repeats the edit's replace_all (set by Run).
	All bool
}

// Apply applies edits in order to text, each to the result of the one
// before. Any failure fails the whole call; with several edits the error is
// a *StepError naming the edit.
func Apply(text string, edits []Edit) (string, []Applied, error) {
	return apply(context.Background(), text, edits)
}

// apply is Apply stopping early when ctx is done.
func apply(ctx context.Context, text string, edits []Edit) (string, []Applied, error) {
	applied := make([]Applied, 0, len(edits))
	for i, e := range edits {
		if err := ctx.Err(); err != nil {
			return "", nil, err
		}
		next, a, err := applyOne(text, e)
		if err != nil {
			if len(edits) > 1 {
				err = &StepError{Index: i, Total: len(edits), Err: err}
			}
			return "", nil, err
		}
		text = next
		applied = append(applied, a)
	}
	return text, applied, nil
}

func applyOne(text string, e Edit) (string, Applied, error) {
	switch {
	case e.Old == e.New:
		return "", Applied{}, ErrSame
	case e.Old == "" && text != "":
		return "", Applied{}, ErrEmptyOld
	case e.Old == "":
		return e.New, Applied{Count: 1}, nil
	}
	out, a, err := find(text, e)
	var amb *AmbiguousError
	if errors.As(err, &amb) {
		amb.Old = e.Old // as the model typed it, not with the file's line endings
	}
	return out, a, err
}
