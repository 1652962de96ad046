package edit

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// bigText is about size bytes of numbered lines with one unique marker
// line in the middle.
func bigText(size int) string {
	var b strings.Builder
	b.Grow(size + 100)
	for i := 0; b.Len() < size; i++ {
		if i == 100_000 {
			b.WriteString("MARKER_A\n")
			continue
		}
		fmt.Fprintf(&b, "line %07d: the quick brown fox jumps over the lazy dog\n", i)
	}
	return b.String()
}

// BenchmarkEdit10MB is one Edit call on a 10 MB file: freshness check,
// read, unique match, replacement, patch, atomic write (with fsync) and
// cache update. Calls alternate between two edits that undo each other.
func BenchmarkEdit10MB(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "big.txt")
	text := bigText(10 << 20)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	files := filestate.New()
	if err := files.RecordFile(path, false, 0, 0); err != nil {
		b.Fatal(err)
	}
	var inputs [2]json.RawMessage
	for i, pair := range [2][2]string{{"MARKER_A", "MARKER_B"}, {"MARKER_B", "MARKER_A"}} {
		inputs[i], _ = json.Marshal(map[string]any{"file_path": path, "old_string": pair[0], "new_string": pair[1]})
	}
	t, env := New(files), tooltest.Env(dir)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		res, err := t.Call(context.Background(), tool.Call{Input: inputs[i%2], Env: env, Progress: func(tool.Progress) {}})
		if err != nil || res.IsError {
			b.Fatalf("%v %s", err, res.TextOf())
		}
	}
}
