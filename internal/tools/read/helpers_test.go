package read

import (
	"archive/zip"
	"bytes"
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

// fixture is a Read tool with its cache, working in a temp directory.
type fixture struct {
	dir   string
	files *filestate.Cache
	tl    tool.Tool
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	files := filestate.New()
	return &fixture{dir: t.TempDir(), files: files, tl: New(files)}
}

func (f *fixture) write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(f.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// call runs the tool on input, a JSON text in which $DIR stands for the
// fixture's directory.
func (f *fixture) call(t *testing.T, input string) tooltest.Run {
	t.Helper()
	raw := json.RawMessage(strings.ReplaceAll(input, "$DIR", f.dir))
	return tooltest.Call(t, context.Background(), f.tl, tooltest.Env(f.dir), raw)
}

func (f *fixture) golden(t *testing.T, name, got string) {
	t.Helper()
	tooltest.Golden(t, name, got, map[string]string{f.dir: "$DIR"})
}

func numbered(n int, format string) []byte {
	var b bytes.Buffer
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return b.Bytes()
}

func zipBytes(t *testing.T) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("hello.txt")
	w.Write([]byte("hello"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// contentText joins the blocks of a result, with placeholders for images
// and documents.
func contentText(r *tool.Result) string {
	var parts []string
	for _, b := range r.Content {
		if b.Source != nil {
			parts = append(parts, fmt.Sprintf("[%s block: %s]", b.Type, b.Source.MediaType))
		} else {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n--- next block ---\n")
}

// tail keeps the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}
