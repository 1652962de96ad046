package checkpoint

import "errors"

// Why a file cannot be restored.
var (
	// ErrTooBig: the file was over the per-file cap when it was first changed.
	ErrTooBig = errors.New("too large to keep a checkpoint of")
	// ErrBudget: the session's checkpoints had used up their budget.
	ErrBudget = errors.New("over the session's checkpoint budget")
	// ErrNotRegular: the path held something other than a regular file.
	ErrNotRegular = errors.New("not a regular file")
	// ErrLinked: a symbolic link now stands where the file was (or on the
	// way to it), so writing there could land somewhere else.
	ErrLinked = errors.New("a symbolic link now stands in its place")
	// ErrDamaged: the kept content no longer matches its hash.
	ErrDamaged = errors.New("its checkpoint is damaged")
	// ErrUnsaved: the checkpoint could not be written.
	ErrUnsaved = errors.New("its checkpoint could not be saved")
)
