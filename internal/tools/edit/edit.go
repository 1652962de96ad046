// Package edit is the Edit tool: an exact, literal replacement of text in
// one file the conversation has read. The matching, the file round trip and
// the result text live in internal/textedit, shared with MultiEdit.
//
// Only the composition root (internal/app) imports it.
package edit

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"corvid/internal/filestate"
	"corvid/internal/patch"
	"corvid/internal/textedit"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// editTool embeds tool.Base: not read-only, not concurrency-safe, Block on
// interrupt.
type editTool struct {
	tool.Base
	files *filestate.Cache
}

// New returns the Edit tool. files is the conversation's file-state
// cache, shared with Read and Write: Edit refuses files not read (or
// changed since) and records what it writes.
func New(files *filestate.Cache) tool.Tool { return &editTool{files: files} }

func (*editTool) Name() string                 { return "Edit" }
func (*editTool) Description() string          { return prompt }
func (*editTool) InputSchema() json.RawMessage { return schema }

type input struct {
	FilePath   string `json:"file_path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

// output is the structured result (Claude Code's Edit tool_use_result).
type output struct {
	FilePath        string       `json:"filePath"`
	OldString       string       `json:"oldString"`
	NewString       string       `json:"newString"`
	OriginalFile    string       `json:"originalFile"`
	StructuredPatch []patch.Hunk `json:"structuredPatch"`
	UserModified    bool         `json:"userModified"`
	ReplaceAll      bool         `json:"replaceAll"`
}

// ValidateInput refuses, before any permission prompt, what can be told
// from the input alone.
func (*editTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := decode(raw)
	if err != nil {
		return err
	}
	path, err := textedit.CleanPath(in.FilePath)
	switch {
	case err != nil:
		return err
	case in.OldString == in.NewString:
		return textedit.ErrSame
	case strings.EqualFold(filepath.Ext(path), ".ipynb"):
		return errors.New("This file is a Jupyter notebook. Change its cells with the NotebookEdit tool instead.")
	}
	return nil
}

func (t *editTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	path, err := textedit.CleanPath(in.FilePath)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	e := textedit.Edit{Old: in.OldString, New: in.NewString, All: in.ReplaceAll}
	out, err := textedit.Run(ctx, t.files, textedit.Request{Path: path, WorkDir: call.Env.WorkDir,
		Edits: []textedit.Edit{e}})
	if err != nil {
		return failure(ctx, err)
	}
	res := tool.Text(out.Text())
	res.Structured = output{FilePath: path, OldString: in.OldString, NewString: in.NewString,
		OriginalFile: out.Original, StructuredPatch: out.Diff.Hunks, ReplaceAll: in.ReplaceAll}
	res.LinesAdded, res.LinesRemoved = out.Diff.Added, out.Diff.Removed
	return res, nil
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("Edit input could not be read: %v", err)
	}
	return in, nil
}

// failure turns a textedit error into a result: file-system failures as
// plain error text, input problems wrapped as <tool_use_error>, and a
// cancellation as a Go error (the harness reports it).
func failure(ctx context.Context, err error) (*tool.Result, error) {
	var ioErr *textedit.IOError
	switch {
	case ctx.Err() != nil:
		return nil, err
	case errors.As(err, &ioErr):
		return tool.ErrorText(err.Error()), nil
	}
	return tool.UseError(err.Error()), nil
}
