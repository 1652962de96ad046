package sdktest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/provider/providertest"
)

// The official SDK's Query.rewindFiles against corvid: the message's uuid
// finds its turn; the dry run reports the created file and its lines and
// changes nothing; the rewind removes the file; an unknown message says no
// checkpoint was found.
func TestRewindFiles(t *testing.T) {
	work := t.TempDir()
	made := filepath.Join(work, "made.txt")
	sc := turns(providertest.Turn{Blocks: []providertest.Block{
		providertest.ToolUse("toolu_w", "Write", map[string]any{"file_path": made, "content": "a\nb\n"})}}, say("done"))
	r := runScriptIn(t, "rewindfiles.mjs", sc, work)
	if r.get(t, "result") != "success" {
		t.Fatalf("result: %v", r.summary)
	}
	if r.get(t, "dry", "canRewind") != true || r.get(t, "dry", "filesChanged", 0) != made ||
		r.get(t, "dry", "insertions") != 2.0 || r.get(t, "dry", "deletions") != 0.0 {
		t.Errorf("dry run = %v", r.get(t, "dry"))
	}
	if r.get(t, "real", "canRewind") != true || r.get(t, "real", "skippedLinks") != 0.0 {
		t.Errorf("rewind = %v", r.get(t, "real"))
	}
	if r.get(t, "unknown", "canRewind") != false || r.get(t, "unknown", "error") != "No file checkpoint found for this message." {
		t.Errorf("unknown message = %v", r.get(t, "unknown"))
	}
	if _, err := os.Stat(made); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("made.txt is still there: %v", err)
	}
}
