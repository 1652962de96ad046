// Package read is the Read tool: it shows the model a file from disk —
// text with line numbers, images as image blocks, PDFs as document blocks
// and Jupyter notebooks as cells with their outputs.
//
// Only the composition root (internal/app), the interface (internal/tui,
// which prepares pasted images with PrepareImage) and tests import it.
package read

import (
	"context"
	_ "embed"
	"encoding/json"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

//go:embed prompt.md
var description string

// schema is the input schema (Claude Code's Read parameters).
const schema = `{
  "type": "object",
  "properties": {
    "file_path": {"type": "string", "description": "Absolute path of the file to read."},
    "offset": {"type": "integer", "minimum": 0, "description": "Line number to start from (1-based). Only for text files too long to read at once."},
    "limit": {"type": "integer", "minimum": 1, "description": "How many lines to read from offset. Only for text files too long to read at once."},
    "pages": {"type": "string", "description": "PDF only: a page (\"3\") or page range (\"1-5\"), at most 20 pages per call."}
  },
  "required": ["file_path"],
  "additionalProperties": false
}`

// Tool is the Read tool. It is read-only and safe to run concurrently.
type Tool struct {
	tool.Base
	files *filestate.Cache
}

var _ tool.Tool = (*Tool)(nil)

// New returns the Read tool. Files it reads are recorded in files, so that
// Write and Edit can later check that the model saw the current content.
func New(files *filestate.Cache) tool.Tool { return &Tool{files: files} }

func (*Tool) Name() string                           { return "Read" }
func (*Tool) Description() string                    { return description }
func (*Tool) InputSchema() json.RawMessage           { return json.RawMessage(schema) }
func (*Tool) IsReadOnly(json.RawMessage) bool        { return true }
func (*Tool) IsConcurrencySafe(json.RawMessage) bool { return true }

// InterruptBehavior is Cancel: a read can stop at any point.
func (*Tool) InterruptBehavior() tool.InterruptBehavior { return tool.Cancel }

// ValidateInput checks what the schema cannot: an absolute path and a
// well-formed pages range.
func (*Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := parseInput(raw)
	return err
}

// Call reads the file.
func (t *Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := parseInput(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	f, res := open(in.path, call.Env.WorkDir)
	if res != nil {
		return res, nil
	}
	defer f.Close()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return t.dispatch(ctx, in, f)
}

// dispatch picks the reader for the file's kind.
func (t *Tool) dispatch(ctx context.Context, in input, f *file) (*tool.Result, error) {
	k, mime := classify(in.path, f.head)
	if in.pages != nil && k != kindPDF {
		return tool.UseError(msgPagesNotPDF(in.path)), nil
	}
	if k == kindBinary {
		return tool.UseError(msgBinary(in.path, mime)), nil
	}
	f.snapshot()
	switch k {
	case kindImage:
		return t.readImage(ctx, in, f, mime)
	case kindPDF:
		return t.readPDF(ctx, in, f)
	case kindNotebook:
		return t.readNotebook(ctx, in, f)
	}
	return t.readText(ctx, in, f)
}

// record remembers what the model has now seen, as of the snapshot.
func (t *Tool) record(f *file, partial bool, offset, limit int) {
	if t.files == nil || !f.snapOK {
		return
	}
	e := f.snap
	e.Partial, e.Offset, e.Limit = partial, offset, limit
	t.files.Record(e)
}
