package write

import (
	"crypto/sha256"
	"os"

	"corvid/internal/filestate"
	"corvid/internal/patch"
	"corvid/internal/tool"
)

// Output is the structured result of a write (Claude Code's shape).
// OriginalFile is null for a new file, and for a file too big to keep
// (then StructuredPatch is empty too).
type Output struct {
	Type            string       `json:"type"` // "create" or "update"
	FilePath        string       `json:"filePath"`
	Content         string       `json:"content"`
	StructuredPatch []patch.Hunk `json:"structuredPatch"`
	OriginalFile    *string      `json:"originalFile"`
}

// result describes the finished write to the model and the cost tracker.
func result(in input, old original) *tool.Result {
	out := Output{Type: "create", FilePath: in.path, Content: in.content, StructuredPatch: []patch.Hunk{}}
	if !old.exists {
		r := tool.Text(msgCreated(in.path))
		r.Structured, r.LinesAdded = out, countLines(in.content)
		return r
	}
	out.Type, out.OriginalFile = "update", old.content
	r := tool.Text(msgUpdated(in.path))
	if old.content == nil {
		r.LinesAdded, r.LinesRemoved = countLines(in.content), old.lines
	} else {
		d := patch.Compute(*old.content, in.content)
		out.StructuredPatch, r.LinesAdded, r.LinesRemoved = d.Hunks, d.Added, d.Removed
	}
	r.Structured = out
	return r
}

// record tells the cache what the file now holds, so that an Edit right
// after this write needs no new read. The hash is of the bytes written;
// if anything else wrote the file meanwhile, the cache will see it as
// modified.
func (t *Tool) record(path, content string) {
	if t.files == nil {
		return
	}
	info, err := os.Stat(path)
	if err != nil {
		t.files.Forget(path)
		return
	}
	t.files.Record(filestate.Entry{Path: path, ModTime: info.ModTime(), Size: info.Size(),
		Hash: sha256.Sum256([]byte(content)), HasHash: true})
}
