package command

import (
	"errors"
	"fmt"
)

// Sentinels.
var (
	// ErrTooLarge is a definition file over MaxFileSize.
	ErrTooLarge = errors.New("file too large")
	// ErrEmptyBody is a definition with nothing after its header.
	ErrEmptyBody = errors.New("the file has no body (nothing to send)")
	// ErrShellDenied is what a Shell function returns (wrapped, with the
	// reason) when the permission check refuses a command.
	ErrShellDenied = errors.New("permission check failed")
	// ErrOutside is a project definition that is a link to a file outside
	// the project.
	ErrOutside = errors.New("the file is a link to a place outside the project")
	// ErrNotRegular is a definition path that is not a regular file.
	ErrNotRegular = errors.New("not a regular file")
	// ErrNoShell is a !`command` in a body when nothing may run commands.
	ErrNoShell = errors.New("shell commands cannot run here")
)

// FileError is a definition file that could not be loaded; the
// definition is skipped and the rest load.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return fmt.Sprintf("%s: %v (skipped)", e.Path, e.Err) }
func (e *FileError) Unwrap() error { return e.Err }

// ShellError is a !`command` that was refused or failed, which aborts the
// expansion: nothing is sent.
type ShellError struct {
	// File is the definition's path; Pattern the command as written.
	File, Pattern string
	Err           error
}

func (e *ShellError) Error() string {
	what := "failed"
	if errors.Is(e.Err, ErrShellDenied) {
		what = "permission check failed"
	}
	return fmt.Sprintf("Shell command %s for pattern \"!`%s`\" in %s: %v", what, e.Pattern, e.File, errText(e.Err))
}

func (e *ShellError) Unwrap() error { return e.Err }

// errText is err's message without the ErrShellDenied prefix.
func errText(err error) string {
	var d *deniedError
	if errors.As(err, &d) {
		return d.reason
	}
	return err.Error()
}

type deniedError struct{ reason string }

func (d *deniedError) Error() string { return ErrShellDenied.Error() + ": " + d.reason }
func (d *deniedError) Unwrap() error { return ErrShellDenied }

// Denied is the error a Shell function returns for a refused command.
func Denied(reason string) error { return &deniedError{reason: reason} }

func errBadName(name string) error {
	return fmt.Errorf("%q cannot be a command name (letters, digits, '-', '_', '.', ':')", name)
}
