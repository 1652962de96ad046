// Package multiedit is the MultiEdit tool (a legacy Claude Code tool, kept
// for hosts that still offer it): several literal replacements in one
// file, applied in order to an in-memory copy and written once, all or
// nothing. The engine is internal/textedit, shared with Edit.
//
// Only the composition root (internal/app) imports it.
package multiedit

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

// maxEdits caps one call; more is a sign of a runaway input.
const maxEdits = 500

// multiEditTool embeds tool.Base: not read-only, not concurrency-safe,
// Block on interrupt.
type multiEditTool struct {
	tool.Base
	files *filestate.Cache
}

// New returns the MultiEdit tool. files is the conversation's file-state
// cache, shared with Read, Write and Edit.
func New(files *filestate.Cache) tool.Tool { return &multiEditTool{files: files} }

func (*multiEditTool) Name() string                 { return "MultiEdit" }
func (*multiEditTool) Description() string          { return prompt }
func (*multiEditTool) InputSchema() json.RawMessage { return schema }

type editInput struct {
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

type input struct {
	FilePath string      `json:"file_path"`
	Edits    []editInput `json:"edits"`
}

// output is the structured result: Edit's shape with the list of edits in
// place of one old/new pair.
type output struct {
	FilePath        string       `json:"filePath"`
	Edits           []editInput  `json:"edits"`
	OriginalFile    string       `json:"originalFile"`
	StructuredPatch []patch.Hunk `json:"structuredPatch"`
	UserModified    bool         `json:"userModified"`
}

// ValidateInput refuses, before any permission prompt, what can be told
// from the input alone.
func (*multiEditTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := decode(raw)
	if err != nil {
		return err
	}
	path, err := textedit.CleanPath(in.FilePath)
	switch {
	case err != nil:
		return err
	case len(in.Edits) == 0:
		return errors.New("edits is empty. Give at least one edit.")
	case len(in.Edits) > maxEdits:
		return fmt.Errorf("%d edits is too many for one call (the limit is %d). Split them over several calls.",
			len(in.Edits), maxEdits)
	case strings.EqualFold(filepath.Ext(path), ".ipynb"):
		return errors.New("This file is a Jupyter notebook. Change its cells with the NotebookEdit tool instead.")
	}
	for i, e := range in.Edits {
		if e.OldString == e.NewString {
			return stepError(i, len(in.Edits), textedit.ErrSame)
		}
	}
	return nil
}

func (t *multiEditTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	path, err := textedit.CleanPath(in.FilePath)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	edits := make([]textedit.Edit, len(in.Edits))
	for i, e := range in.Edits {
		edits[i] = textedit.Edit{Old: e.OldString, New: e.NewString, All: e.ReplaceAll}
	}
	out, err := textedit.Run(ctx, t.files, textedit.Request{Path: path, WorkDir: call.Env.WorkDir, Edits: edits})
	if err != nil {
		return failure(ctx, err)
	}
	res := tool.Text(out.Text())
	res.Structured = output{FilePath: path, Edits: in.Edits, OriginalFile: out.Original,
		StructuredPatch: out.Diff.Hunks}
	res.LinesAdded, res.LinesRemoved = out.Diff.Added, out.Diff.Removed
	return res, nil
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("MultiEdit input could not be read: %v", err)
	}
	return in, nil
}

// stepError names the edit when there are several, as textedit.Apply does.
func stepError(i, n int, err error) error {
	if n == 1 {
		return err
	}
	return &textedit.StepError{Index: i, Total: n, Err: err}
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
