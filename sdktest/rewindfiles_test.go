package sdktest

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// The official SDK's Query.rewindFiles against corvid, with the answers
// Claude Code 2.1.332 gives to the same script (testdata/rewindfiles.claude.json,
// re-recorded by rerecord_rewindfiles.sh): the message's uuid finds its
// turn; the dry run reports the created file with the lines the rewind
// deletes and changes nothing; the rewind removes the file; an unknown
// message throws "No file checkpoint found", or answers so in a dry run.
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
		r.get(t, "dry", "insertions") != 0.0 || r.get(t, "dry", "deletions") != 2.0 {
		t.Errorf("dry run = %v", r.get(t, "dry"))
	}
	if r.get(t, "real", "canRewind") != true || r.get(t, "real", "skippedLinks") != 0.0 {
		t.Errorf("rewind = %v", r.get(t, "real"))
	}
	if r.get(t, "unknown", "thrown") != "No file checkpoint found for this message." {
		t.Errorf("unknown message = %v", r.get(t, "unknown"))
	}
	if r.get(t, "unknownDry", "canRewind") != false || r.get(t, "unknownDry", "error") != "No file checkpoint found for this message." {
		t.Errorf("unknown message, dry run = %v", r.get(t, "unknownDry"))
	}
	if r.get(t, "exists") != true {
		t.Errorf("the file was not there before the rewind: %v", r.summary)
	}
	if _, err := os.Stat(made); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("made.txt is still there: %v", err)
	}
	rec, err := os.ReadFile("testdata/rewindfiles.claude.json")
	if err != nil {
		t.Fatal(err)
	}
	var want any
	if err := json.Unmarshal([]byte(strings.ReplaceAll(string(rec), "<WORK>", work)), &want); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(r.summary); string(got) != string(must(json.Marshal(want))) {
		t.Errorf("corvid's answers:\n %s\nClaude Code's:\n %s", got, must(json.Marshal(want)))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
