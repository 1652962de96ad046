package glob

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// base is the modification time of the oldest fixture file; each file in
// a fixture list is one minute newer than the one before.
var base = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// write creates files (slash paths relative to root), oldest first.
func write(t *testing.T, root string, files ...string) {
	t.Helper()
	for i, name := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
		mt := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(p, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
}

var fixture = []string{
	"main.go", "README.md", "src/app.ts", "src/view.tsx", "src/util/str.go", "src/util/str_test.go",
	".github/ci.yml", ".git/config", ".gitignore", "build/out.go", "docs/a1.md", "docs/b2.md",
}

func TestGlob(t *testing.T) {
	root := t.TempDir()
	write(t, root, fixture...)
	os.WriteFile(filepath.Join(root, ".gitignore"), []byte("build/\n"), 0o644)
	os.Chtimes(filepath.Join(root, ".gitignore"), base, base)
	tests := []struct {
		name  string
		input map[string]any
		want  []string
	}{
		{"recursive, newest first", map[string]any{"pattern": "**/*.go"},
			[]string{"build/out.go", "src/util/str_test.go", "src/util/str.go", "main.go"}},
		{"top level only", map[string]any{"pattern": "*.go"}, []string{"main.go"}},
		{"braces", map[string]any{"pattern": "src/**/*.{ts,tsx}"}, []string{"src/view.tsx", "src/app.ts"}},
		{"class", map[string]any{"pattern": "docs/[a-z]1.md"}, []string{"docs/a1.md"}},
		{"hidden included, git skipped", map[string]any{"pattern": "**/*config*"}, nil},
		{"hidden dir", map[string]any{"pattern": "**/*.yml"}, []string{".github/ci.yml"}},
		{"path", map[string]any{"pattern": "*.go", "path": filepath.Join(root, "src", "util")},
			[]string{"src/util/str_test.go", "src/util/str.go"}},
		{"dot dot in path is cleaned", map[string]any{"pattern": "*.md", "path": root + "/src/../docs"},
			[]string{"docs/b2.md", "docs/a1.md"}},
		{"absolute pattern", map[string]any{"pattern": root + "/src/**/str.go"}, []string{"src/util/str.go"}},
		{"literal name", map[string]any{"pattern": "src/app.ts"}, []string{"src/app.ts"}},
		{"missing static part", map[string]any{"pattern": "nope/**/*.go"}, nil},
		{"null path means the working directory", map[string]any{"pattern": "*.md", "path": "null"},
			[]string{"README.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(), tooltest.Env(root), tt.input)
			if run.Result.IsError {
				t.Fatalf("error result: %s", run.Text())
			}
			out := run.Result.Structured.(Output)
			if !slices.Equal(out.Filenames, tt.want) || out.NumFiles != len(tt.want) || out.Truncated {
				t.Errorf("got %q (numFiles %d, truncated %v), want %q", out.Filenames, out.NumFiles, out.Truncated, tt.want)
			}
			if len(tt.want) > 0 && run.Text() != strings.Join(tt.want, "\n") {
				t.Errorf("text %q", run.Text())
			}
		})
	}
}

func TestGlobOutsideWorkDir(t *testing.T) {
	root := t.TempDir()
	write(t, root, "a/x.txt", "b/y.txt")
	env := tooltest.Env(filepath.Join(root, "a"))
	run := tooltest.Call(t, context.Background(), New(), env, map[string]any{"pattern": "**/*.txt", "path": root})
	// x.txt is inside the working directory (root/a), y.txt is not.
	want := filepath.Join(root, "b/y.txt") + "\nx.txt"
	if run.Text() != want {
		t.Errorf("got %q, want %q", run.Text(), want)
	}
	tooltest.Golden(t, "outside_workdir", run.Text(), map[string]string{root: "$ROOT"})
}

func TestGlobTruncates(t *testing.T) {
	root := t.TempDir()
	var files []string
	for i := range 130 {
		files = append(files, fmt.Sprintf("f/%03d.txt", i))
	}
	write(t, root, files...)
	run := tooltest.Call(t, context.Background(), New(), tooltest.Env(root), map[string]any{"pattern": "f/*.txt"})
	out := run.Result.Structured.(Output)
	if !out.Truncated || out.NumFiles != 100 || out.Filenames[0] != "f/129.txt" || out.Filenames[99] != "f/030.txt" {
		t.Errorf("got %d files (truncated %v) from %s to %s", out.NumFiles, out.Truncated, out.Filenames[0], out.Filenames[99])
	}
	tooltest.Golden(t, "truncated", run.Text(), nil)
}

func TestGlobTexts(t *testing.T) {
	root := t.TempDir()
	write(t, root, "src/b.go", "src/a.go", "file.txt")
	tests := []struct {
		name    string
		input   any
		isError bool
	}{
		{"found", map[string]any{"pattern": "**/*.go"}, false},
		{"no_files", map[string]any{"pattern": "**/*.rs"}, false},
		{"missing_dir", map[string]any{"pattern": "*", "path": root + "/missing"}, true},
		{"not_a_dir", map[string]any{"pattern": "*", "path": root + "/file.txt"}, true},
		{"relative_path", map[string]any{"pattern": "*", "path": "src"}, true},
		{"bad_pattern", map[string]any{"pattern": "src/[a-"}, true},
		{"empty_pattern", map[string]any{"pattern": ""}, true},
		{"schema_extra_field", map[string]any{"pattern": "*", "glob": "x"}, true},
		{"schema_missing_pattern", map[string]any{"path": root}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(), tooltest.Env(root), tt.input)
			if run.Result.IsError != tt.isError {
				t.Errorf("IsError = %v: %s", run.Result.IsError, run.Text())
			}
			tooltest.Golden(t, tt.name, run.Text(), map[string]string{root: "$ROOT"})
		})
	}
}

func TestGlobCancelled(t *testing.T) {
	root := t.TempDir()
	write(t, root, "a/b/c.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	run := tooltest.Call(t, ctx, New(), tooltest.Env(root), map[string]any{"pattern": "**/*"})
	if !run.Result.IsError || !strings.Contains(run.Text(), "cancel") {
		t.Errorf("got %q", run.Text())
	}
}

func TestGlobContract(t *testing.T) {
	g := New()
	if g.Name() != "Glob" || !g.IsReadOnly(nil) || !g.IsConcurrencySafe(nil) ||
		g.InterruptBehavior() != tool.Cancel || !strings.Contains(g.Description(), "**") {
		t.Errorf("contract: %s read-only %v safe %v interrupt %v", g.Name(), g.IsReadOnly(nil),
			g.IsConcurrencySafe(nil), g.InterruptBehavior())
	}
}
