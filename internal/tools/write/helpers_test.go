package write

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

type fixture struct {
	dir   string
	files *filestate.Cache
	tl    tool.Tool
}

func newFixture(t *testing.T) *fixture {
	files := filestate.New()
	return &fixture{dir: t.TempDir(), files: files, tl: New(files)}
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, name) }

// put writes a file behind the tool's back; seen also records it as read.
func (f *fixture) put(t *testing.T, name, content string, seen bool) string {
	t.Helper()
	p := f.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if seen {
		if err := f.files.RecordFile(p, false, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func (f *fixture) write(t *testing.T, path, content string) tooltest.Run {
	t.Helper()
	in, _ := json.Marshal(map[string]string{"file_path": path, "content": content})
	return tooltest.Call(t, context.Background(), f.tl, tooltest.Env(f.dir), json.RawMessage(in))
}

func (f *fixture) golden(t *testing.T, name, got string) {
	t.Helper()
	tooltest.Golden(t, name, got, map[string]string{f.dir: "$DIR"})
}

func readBack(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// assertNoTempFiles checks that no temporary file was left behind.
func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), ".corvid-") {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
}
