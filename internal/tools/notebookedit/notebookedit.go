// Package notebookedit is the NotebookEdit tool: it replaces, inserts or
// deletes one cell of a Jupyter notebook (nbformat 4) the conversation has
// read. The notebook is changed by splicing its text, so every cell and
// field the edit does not touch keeps its exact bytes.
//
// Only the composition root (internal/app) imports it.
package notebookedit

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"corvid/internal/atomicfile"
	"corvid/internal/filestate"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// maxNotebookSize is the largest notebook edited (Read refuses larger
// ones too); the file is held in memory twice.
const maxNotebookSize = 100 << 20

// notebookEditTool embeds tool.Base: not read-only, not concurrency-safe,
// Block on interrupt.
type notebookEditTool struct {
	tool.Base
	files *filestate.Cache
}

// New returns the NotebookEdit tool. files is the conversation's
// file-state cache: notebooks must have been read, and unchanged since.
func New(files *filestate.Cache) tool.Tool { return &notebookEditTool{files: files} }

func (*notebookEditTool) Name() string                 { return "NotebookEdit" }
func (*notebookEditTool) Description() string          { return prompt }
func (*notebookEditTool) InputSchema() json.RawMessage { return schema }

// IsDestructive: deleting a cell discards its source and outputs.
func (*notebookEditTool) IsDestructive(raw json.RawMessage) bool {
	in, err := decode(raw)
	return err == nil && in.EditMode == "delete"
}

type input struct {
	NotebookPath string `json:"notebook_path"`
	NewSource    string `json:"new_source"`
	CellID       string `json:"cell_id"`
	CellType     string `json:"cell_type"`
	EditMode     string `json:"edit_mode"`
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("NotebookEdit input could not be read: %v", err)
	}
	if in.EditMode == "" {
		in.EditMode = "replace"
	}
	return in, nil
}

// ValidateInput refuses, before any permission prompt, what can be told
// from the input alone.
func (*notebookEditTool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := decode(raw)
	if err != nil {
		return err
	}
	_, err = cleanPath(in.NotebookPath)
	switch {
	case err != nil:
		return err
	case in.EditMode == "insert" && in.CellType == "":
		return errors.New("cell_type is required when edit_mode is \"insert\": say whether the new cell is \"code\" or \"markdown\".")
	case in.EditMode != "insert" && in.CellID == "":
		return fmt.Errorf("cell_id is required to %s a cell. Use the cell ids shown when you Read the notebook.", in.EditMode)
	}
	return nil
}

func cleanPath(p string) (string, error) {
	switch {
	case !filepath.IsAbs(p):
		return "", fmt.Errorf("notebook_path must be an absolute path, but %q is not. Pass the full path, starting with /.", p)
	case !strings.EqualFold(filepath.Ext(p), ".ipynb"):
		return "", errors.New("NotebookEdit only changes Jupyter notebooks (.ipynb files). Use Edit for other files.")
	}
	return filepath.Clean(p), nil
}

func (t *notebookEditTool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	path, err := cleanPath(in.NotebookPath)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	src, err := t.load(path)
	var ioErr ioError
	switch {
	case errors.As(err, &ioErr):
		return tool.ErrorText(fmt.Sprintf("Error reading %s: %v", path, err)), nil
	case err != nil:
		return tool.UseError(err.Error()), nil
	}
	ch, err := edit(path, src, in)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := atomicfile.Write(path, ch.updated, 0o644); err != nil {
		return tool.ErrorText(fmt.Sprintf("Error writing %s: %v", path, err)), nil
	}
	t.record(path)
	return ch.result(src, in), nil
}
