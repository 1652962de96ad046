package textedit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"corvid/internal/atomicfile"
	"corvid/internal/filestate"
	"corvid/internal/patch"
)

// MaxFileSize is the largest file Run changes: the file, its new text and
// the patch are all held in memory.
const MaxFileSize = 64 << 20

// Request is a set of edits to one file.
type Request struct {
	// Path is absolute and clean.
	Path string
	// WorkDir is the conversation's current directory, named when the
	// file does not exist.
	WorkDir string
	Edits   []Edit
}

// Outcome is a finished, written edit.
type Outcome struct {
	Path              string
	Original, Updated string
	// Created is set when the file did not exist before.
	Created bool
	Applied []Applied
	Diff    patch.Diff
}

// Run applies req to its file: the file must exist and be fresh in files
// (read in this conversation, unchanged since), except that a missing file
// is created when the first edit's Old is empty. Every edit is checked
// before anything is written, and the file is replaced atomically, so an
// error leaves it exactly as it was. Errors are for the model (an
// *IOError for file-system failures); a cancelled ctx stops it before the
// write.
func Run(ctx context.Context, files *filestate.Cache, req Request) (Outcome, error) {
	original, exists, err := load(files, req)
	if err != nil {
		return Outcome{}, err
	}
	updated, applied, err := apply(ctx, original, req.Edits)
	if err == nil && exists && updated == original {
		err = ErrUnchanged
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return Outcome{}, err
	}
	if err := save(files, req.Path, updated); err != nil {
		return Outcome{}, err
	}
	for i := range applied {
		applied[i].All = req.Edits[i].All
	}
	return Outcome{Path: req.Path, Original: original, Updated: updated, Created: !exists,
		Applied: applied, Diff: diff(original, updated)}, nil
}

// load returns the file's text, or "" and false for a file to create.
func load(files *filestate.Cache, req Request) (string, bool, error) {
	info, err := os.Stat(req.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && len(req.Edits) > 0 && req.Edits[0].Old == "":
		return "", false, nil
	case errors.Is(err, fs.ErrNotExist):
		return "", false, fmt.Errorf("File does not exist. Note: your current working directory is %s.", req.WorkDir)
	case err != nil:
		return "", false, &IOError{Op: "reading", Path: req.Path, Err: err}
	case info.IsDir():
		return "", false, fmt.Errorf("%s is a directory, not a file. Give the path of the file to edit.", req.Path)
	case !info.Mode().IsRegular():
		return "", false, fmt.Errorf("%s is not a regular file, so it cannot be edited.", req.Path)
	case info.Size() > MaxFileSize:
		return "", false, tooLarge(req.Path, info.Size())
	}
	if err := files.CheckFresh(req.Path); err != nil {
		if errors.Is(err, filestate.ErrNotRead) || errors.Is(err, filestate.ErrModified) {
			return "", false, err
		}
		return "", false, &IOError{Op: "checking", Path: req.Path, Err: err}
	}
	text, err := readCapped(req.Path, info.Size())
	return text, true, err
}

func tooLarge(path string, size int64) error {
	return fmt.Errorf("%s is too large to edit (%d bytes; the limit is %d MiB). Change it with a command-line tool instead.",
		path, size, MaxFileSize>>20)
}

// readCapped reads at most MaxFileSize bytes, expecting size; a file that
// grew past the cap since it was checked is refused rather than cut.
func readCapped(path string, size int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", &IOError{Op: "reading", Path: path, Err: err}
	}
	defer f.Close()
	var b strings.Builder
	b.Grow(int(min(size, MaxFileSize)) + 1) // one read past the end sees EOF
	n, err := io.Copy(&b, io.LimitReader(f, MaxFileSize+1))
	switch {
	case err != nil:
		return "", &IOError{Op: "reading", Path: path, Err: err}
	case n > MaxFileSize:
		return "", tooLarge(path, n)
	}
	return b.String(), nil
}

// save writes text atomically and records the new state as read, keeping
// the range of an earlier partial read. A file that cannot be recorded is
// forgotten, so the next edit asks for a fresh read.
func save(files *filestate.Cache, path, text string) error {
	if err := atomicfile.Write(path, []byte(text), 0o644); err != nil {
		return &IOError{Op: "writing", Path: path, Err: err}
	}
	prev, _ := files.Get(path)
	if err := files.RecordFile(path, prev.Partial, prev.Offset, prev.Limit); err != nil {
		files.Forget(path)
	}
	return nil
}

// CleanPath checks that a file_path is absolute and returns it cleaned
// (".." and "." resolved lexically).
func CleanPath(p string) (string, error) {
	if p == "" {
		return "", errors.New("file_path is empty. Pass the absolute path of the file to edit.")
	}
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("file_path must be an absolute path, but %q is relative. Pass the full path, starting with /.", p)
	}
	return filepath.Clean(p), nil
}
