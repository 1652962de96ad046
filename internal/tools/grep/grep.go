// Package grep is the Grep tool: a regular-expression search over file
// contents with ripgrep's semantics (ignore files respected, hidden and
// binary files skipped). It runs ripgrep when it is available and an
// in-process Go engine otherwise; both give the same output.
//
// Only internal/app imports it, to register the tool.
package grep

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"

	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// Name is the tool's name.
const Name = "Grep"

// Options configure the tool.
type Options struct {
	// RgPath picks the engine: "" runs rg from PATH when it is there and
	// the Go engine otherwise, "-" always the Go engine, anything else is
	// the rg binary to run.
	RgPath string
	// Hidden searches hidden files and directories too (rg --hidden);
	// version-control directories stay out either way.
	Hidden bool
}

// Tool is the Grep tool. It is safe for concurrent use.
type Tool struct {
	tool.Base
	eng   engine
	types map[string][]string
	caps  caps
}

// New returns the Grep tool with the engine opts select.
func New(opts Options) tool.Tool {
	types := parseTypes()
	return &Tool{eng: newEngine(opts, types), types: types, caps: caps{files: maxFiles, lines: maxLines}}
}

func newEngine(opts Options, types map[string][]string) engine {
	rg := opts.RgPath
	if rg == "" {
		rg, _ = exec.LookPath("rg")
	}
	if rg == "" || rg == "-" {
		return &goEngine{types: types, hidden: opts.Hidden}
	}
	return &rgEngine{path: rg, hidden: opts.Hidden}
}

func (t *Tool) Name() string                              { return Name }
func (t *Tool) Description() string                       { return prompt }
func (t *Tool) InputSchema() json.RawMessage              { return schema }
func (t *Tool) IsReadOnly(json.RawMessage) bool           { return true }
func (t *Tool) IsConcurrencySafe(json.RawMessage) bool    { return true }
func (t *Tool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }

// ValidateInput checks the pattern, filters, numbers and that a path is
// absolute; the filesystem is looked at by Call.
func (t *Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := parseInput(raw, t.types)
	return err
}

// Call runs the search.
func (t *Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	q, err := parseInput(call.Input, t.types)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	q.caps = t.caps
	if res := resolveRoot(q, call.Env.WorkDir); res != nil {
		return res, nil
	}
	if q.isFile {
		if res := checkFile(q.root); res != nil {
			return res, nil
		}
	}
	found, err := t.eng.search(ctx, q)
	var inErr *inputError
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("grep: %w", ctx.Err())
	case errors.As(err, &inErr):
		return tool.UseError(inErr.msg), nil
	case err != nil:
		return tool.ErrorText(fmt.Sprintf("Grep failed: %v", err)), nil
	}
	out, text := format(q, found, call.Env.WorkDir)
	text, out.Content = spill(text, out.Content, call.Env.SessionDir)
	if note := skipNote(found.skipped, call.Env.WorkDir); note != "" {
		text += "\n\n" + note // after spill, so the model always sees it
	}
	r := tool.Text(text)
	r.Structured = out
	return r, nil
}

// resolveRoot fills in the search path (the working directory when none
// was given) and whether it is a file, or returns an error result.
func resolveRoot(q *query, workDir string) *tool.Result {
	if q.root == "" {
		if workDir == "" {
			return tool.UseError("There is no current working directory; pass path as an absolute path.")
		}
		q.root = filepath.Clean(workDir)
	}
	info, err := os.Stat(q.root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return tool.UseError(fmt.Sprintf("Path does not exist: %s. Note: your current working directory is %s.", q.root, workDir))
	case err != nil:
		return tool.UseError(fmt.Sprintf("Cannot access %s: %v", q.root, errors.Unwrap(err)))
	case !info.IsDir() && !info.Mode().IsRegular():
		return tool.UseError(fmt.Sprintf("%s is neither a regular file nor a directory.", q.root))
	}
	q.isFile = !info.IsDir()
	return nil
}

// checkFile refuses an explicitly named file that the engines would skip
// in a directory: too large, or binary.
func checkFile(path string) *tool.Result {
	data, err := readSmall(path, nil)
	switch {
	case errors.Is(err, errTooLarge):
		return tool.ErrorText(fmt.Sprintf("%s is larger than %d MB, and Grep does not search files that big. Read parts of it with the Read tool instead.", path, maxFileSize>>20))
	case err != nil:
		return tool.ErrorText(fmt.Sprintf("%s could not be read (%s).", path, readFailure(err)))
	case bytes.IndexByte(data, 0) >= 0:
		return tool.ErrorText(fmt.Sprintf("%s looks like a binary file (it contains NUL bytes); Grep searches text files only.", path))
	}
	return nil
}
