// Package write is the Write tool: it creates a file, or replaces an
// existing file's whole content, atomically. An existing file must have
// been read in the conversation first, and must not have changed since.
//
// Only the composition root (internal/app) and tests import it.
package write

import (
	"context"
	_ "embed"
	"encoding/json"
	"os"

	"corvid/internal/atomicfile"
	"corvid/internal/filestate"
	"corvid/internal/tool"
)

//go:embed prompt.md
var description string

// schema is the input schema (Claude Code's Write parameters).
const schema = `{
  "type": "object",
  "properties": {
    "file_path": {"type": "string", "description": "Absolute path of the file to create or overwrite."},
    "content": {"type": "string", "description": "The complete new content of the file."}
  },
  "required": ["file_path", "content"],
  "additionalProperties": false
}`

// newFileMode is the permission of a created file; an overwritten file
// keeps its own.
const newFileMode = 0o644

// Tool is the Write tool. It changes files, so it never runs alongside
// other tools and a user interrupt waits for it to finish.
type Tool struct {
	tool.Base
	files *filestate.Cache
}

var _ tool.Tool = (*Tool)(nil)

// New returns the Write tool. files is the conversation's file-state
// cache: it tells whether an existing file was read and is unchanged, and
// learns the new state after each write.
func New(files *filestate.Cache) tool.Tool { return &Tool{files: files} }

func (*Tool) Name() string                 { return "Write" }
func (*Tool) Description() string          { return description }
func (*Tool) InputSchema() json.RawMessage { return json.RawMessage(schema) }

// IsDestructive is true when the file exists: its content is replaced.
func (*Tool) IsDestructive(raw json.RawMessage) bool {
	in, err := parseInput(raw)
	if err != nil {
		return false
	}
	_, err = os.Stat(in.path)
	return err == nil
}

// ValidateInput checks that file_path is absolute.
func (*Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := parseInput(raw)
	return err
}

// Call writes the file.
func (t *Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	in, err := parseInput(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	old, res := t.prepare(in.path)
	if res != nil {
		return res, nil
	}
	// Once the write has begun it is finished: a half-done call would
	// leave the model unsure what is on disk.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := atomicfile.Write(in.path, []byte(in.content), newFileMode); err != nil {
		return ioError(in.path, err), nil
	}
	t.record(in.path, in.content)
	return result(in, old), nil
}
