package grep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// edgeCases each search a small tree of their own; both engines must
// print want.
var edgeCases = []struct {
	name  string
	files [][2]string
	input map[string]any
	want  string
}{
	{"no trailing newline", [][2]string{{"f.txt", "a\nb hello"}},
		map[string]any{"pattern": "hello", "output_mode": "content"}, "f.txt:2:b hello"},
	{"empty pattern matches every line", [][2]string{{"f.txt", "a\n\nb\n"}, {"e.txt", ""}},
		map[string]any{"pattern": "", "output_mode": "content"}, "f.txt:1:a\nf.txt:2:\nf.txt:3:b"},
	{"overlapping context merges", [][2]string{{"f.txt", "1\n2\n3 x\n4\n5 x\n6\n7\n8\n9 x\n10\n"}},
		map[string]any{"pattern": "x", "output_mode": "content", "-C": 1},
		"f.txt-2-2\nf.txt:3:3 x\nf.txt-4-4\nf.txt:5:5 x\nf.txt-6-6\n--\nf.txt-8-8\nf.txt:9:9 x\nf.txt-10-10"},
	{"context clipped at the ends", [][2]string{{"f.txt", "x\ny\nx\n"}},
		map[string]any{"pattern": "x", "output_mode": "content", "-B": 3, "-A": 3},
		"f.txt:1:x\nf.txt-2-y\nf.txt:3:x"},
	{"separator between files", [][2]string{{"a.txt", "x\n"}, {"b.txt", "x\n"}},
		map[string]any{"pattern": "x", "output_mode": "content", "-A": 1}, "a.txt:1:x\n--\nb.txt:1:x"},
	{"only matching, several per line", [][2]string{{"f.txt", "foo bar foo\n"}},
		map[string]any{"pattern": "foo", "output_mode": "content", "-o": true}, "f.txt:1:foo\nf.txt:1:foo"},
	{"multiline matches sharing a line", [][2]string{{"f.txt", "a\nb a\nb\nc\n"}},
		map[string]any{"pattern": "a\\nb", "multiline": true, "output_mode": "content"},
		"f.txt:1:a\nf.txt:2:b a\nf.txt:3:b"},
	{"multiline count counts matches", [][2]string{{"f.txt", "a\nb a\nb\nc\na\nb\n"}},
		map[string]any{"pattern": "a\\nb", "multiline": true, "output_mode": "count"},
		"f.txt:3\n\nFound 3 total occurrences across 1 file."},
	{"multiline without a possible line break counts lines", [][2]string{{"f.txt", "aaa\nb\na\n"}},
		map[string]any{"pattern": "a", "multiline": true, "output_mode": "count"},
		"f.txt:2\n\nFound 2 total occurrences across 1 file."},
	{"multiline counts every match", [][2]string{{"f.txt", "aaa\nb\n"}},
		map[string]any{"pattern": "a|\\n", "multiline": true, "output_mode": "count"},
		"f.txt:5\n\nFound 5 total occurrences across 1 file."},
	{"unicode", [][2]string{{"f.txt", "héllo wörld\nÉCOLE\n"}},
		map[string]any{"pattern": "w.rld|école", "-i": true, "output_mode": "content"},
		"f.txt:1:héllo wörld\nf.txt:2:ÉCOLE"},
	{"invalid utf-8", [][2]string{{"f.txt", "x\xffhello\n"}},
		map[string]any{"pattern": "hello", "output_mode": "content"}, "f.txt:1:x\xffhello"},
	{"dot ignore without git", [][2]string{{".ignore", "*.txt\n"}, {"a.txt", "x\n"}, {"b.md", "x\n"}},
		map[string]any{"pattern": "x"}, "Found 1 file\nb.md"},
	{"gitignore needs a repository", [][2]string{{".gitignore", "*.txt\n"}, {"a.txt", "x\n"}},
		map[string]any{"pattern": "x"}, "Found 1 file\na.txt"},
	{"nested gitignore", [][2]string{{".git/HEAD", ""}, {"sub/.gitignore", "*.txt\n!keep.txt\n"},
		{"sub/a.txt", "x\n"}, {"sub/keep.txt", "x\n"}, {"a.txt", "x\n"}},
		map[string]any{"pattern": "x", "output_mode": "count"},
		"a.txt:1\nsub/keep.txt:1\n\nFound 2 total occurrences across 2 files."},
	{"glob with slash does not enter a hidden directory", [][2]string{{".hidden/a.txt", "x\n"}, {"b.txt", "x\n"}},
		map[string]any{"pattern": "x", "glob": ".hidden/*"}, "No files found"},
	{"double star glob", [][2]string{{"a/b/c.go", "x\n"}, {"a/d.go", "x\n"}, {"e.go", "x\n"}},
		map[string]any{"pattern": "x", "glob": "a/**/*.go", "output_mode": "count"},
		"a/b/c.go:1\na/d.go:1\n\nFound 2 total occurrences across 2 files."},
	{"anchored glob", [][2]string{{"a.txt", "x\n"}, {"sub/a.txt", "x\n"}},
		map[string]any{"pattern": "x", "glob": "/a.txt"}, "Found 1 file\na.txt"},
	{"ignore files above the searched directory", [][2]string{{".ignore", "*.log\n"}, {"sub/a.log", "x\n"}, {"sub/b.txt", "x\n"}},
		map[string]any{"pattern": "x", "path": "$ROOT/sub"}, "Found 1 file\nsub/b.txt"},
	{"big files are skipped, and said to be", [][2]string{{"big.txt", "x\n" + strings.Repeat("y", maxFileSize)}, {"a.txt", "x\n"}},
		map[string]any{"pattern": "x"}, "Found 1 file\na.txt\n\n[Not searched: 1 file larger than 10 MB (big.txt).]"},
}

func TestGrepEdges(t *testing.T) {
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			tl := New(e.opts)
			for _, tt := range edgeCases {
				t.Run(tt.name, func(t *testing.T) {
					root := t.TempDir()
					writeTree(t, root, tt.files)
					run := tooltest.Call(t, context.Background(), tl, tooltest.Env(root), withRoot(tt.input, root))
					if got := run.Text(); got != tt.want {
						t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
					}
				})
			}
		})
	}
}

func TestGrepHiddenOption(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			e.opts.Hidden = true
			run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(root),
				map[string]any{"pattern": "hello", "-i": true, "output_mode": "count"})
			tooltest.Golden(t, "hidden_option", run.Text(), nil)
		})
	}
}

func TestGrepOutsideWorkDir(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, [][2]string{{"in/a.txt", "x\n"}, {"out/b.txt", "x\n"}})
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(filepath.Join(root, "in")),
				map[string]any{"pattern": "x", "path": root, "output_mode": "content"})
			want := "a.txt:1:x\n" + filepath.Join(root, "out/b.txt") + ":1:x"
			if run.Text() != want {
				t.Errorf("got %q, want %q", run.Text(), want)
			}
		})
	}
}

// TestGrepCaps: past the line cap the search stops and says so; head_limit
// 0 output over maxResultChars is cut and saved to the session directory.
func TestGrepCaps(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, [][2]string{{"many.txt", strings.Repeat("x\n", 1001)},
		{"wide.txt", strings.Repeat(strings.Repeat("w", 99)+"\n", 300)}})
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			tl := New(e.opts)
			tl.(*Tool).caps.lines = 1000
			run := tooltest.Call(t, context.Background(), tl, tooltest.Env(root),
				map[string]any{"pattern": "x", "output_mode": "content", "head_limit": 1})
			tooltest.Golden(t, "partial", run.Text(), nil)

			run = tooltest.Call(t, context.Background(), tl, tooltest.Env(root),
				map[string]any{"pattern": "w", "output_mode": "content", "head_limit": 0})
			text := run.Text()
			head, note, _ := strings.Cut(text, "\n\n[Output cut at ")
			if len(text) > maxResultChars+400 || !strings.HasSuffix(head, strings.Repeat("w", 99)) {
				t.Fatalf("cut output: %d chars, ends %q", len(text), text[max(0, len(text)-200):])
			}
			file := strings.TrimSpace(between(note, "The full result is in ", "; read it"))
			saved, err := os.ReadFile(file)
			if err != nil || strings.Count(string(saved), "\n") != 299 || !strings.HasPrefix(file, filepath.Join(root, ".session")) {
				t.Errorf("saved file %q: %d lines, %v", file, strings.Count(string(saved), "\n"), err)
			}
			if out := run.Result.Structured.(Output); len(*out.Content) > maxResultChars || *out.NumLines != 300 {
				t.Errorf("structured: %d chars of content, %d lines", len(*out.Content), *out.NumLines)
			}

			tl.(*Tool).caps.files = 1
			run = tooltest.Call(t, context.Background(), tl, tooltest.Env(root), map[string]any{"pattern": "x|w"})
			if text := run.Text(); !strings.HasPrefix(text, "Found 1 file\n") || !strings.HasSuffix(text, partialNotice) {
				t.Errorf("file cap: %q", text)
			}
		})
	}
}

func between(s, from, to string) string {
	_, s, _ = strings.Cut(s, from)
	s, _, _ = strings.Cut(s, to)
	return s
}

func TestGrepCancelled(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			run := tooltest.Call(t, ctx, New(e.opts), tooltest.Env(root), map[string]any{"pattern": "hello"})
			if !run.Result.IsError || !strings.Contains(run.Text(), "cancel") {
				t.Errorf("got %q", run.Text())
			}
			_, err := New(e.opts).Call(ctx, callOf(root, `{"pattern":"hello"}`))
			if !errors.Is(err, context.Canceled) {
				t.Errorf("Call error %v, want context.Canceled", err)
			}
		})
	}
}

// TestGrepRgOnlyRegex: a pattern Go accepts but rg rejects gets the same
// kind of message from rg.
func TestGrepRgOnlyRegex(t *testing.T) {
	for _, e := range engines(t) {
		if e.name != "rg" {
			continue
		}
		root := t.TempDir()
		writeTree(t, root, [][2]string{{"a.txt", "a.b\n"}})
		run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(root), map[string]any{"pattern": `\Qa.b\E`})
		if want := "<tool_use_error>Invalid regular expression: unrecognized escape sequence</tool_use_error>"; run.Text() != want {
			t.Errorf("got %q, want %q", run.Text(), want)
		}
	}
}

func TestGrepStructured(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	tl := New(Options{RgPath: "-"})
	for _, tt := range []struct {
		input map[string]any
		want  string
	}{
		{map[string]any{"pattern": "TODO"}, `{files_with_matches 2 [util/strings.go main.go] <nil> <nil> <nil> <nil> <nil>}`},
		{map[string]any{"pattern": "TODO", "output_mode": "content", "head_limit": 1, "offset": 1},
			`{content 2 [] util/strings.go:6:// TODO: Lower 1 <nil> <nil> 1}`},
		{map[string]any{"pattern": "TODO", "output_mode": "count", "head_limit": 1},
			`{count 2 [] main.go:1 <nil> 2 1 <nil>}`},
	} {
		run := tooltest.Call(t, context.Background(), tl, tooltest.Env(root), tt.input)
		if got := show(run.Result.Structured.(Output)); got != tt.want {
			t.Errorf("%v:\ngot  %s\nwant %s", tt.input, got, tt.want)
		}
	}
}

// show prints an Output with its pointers followed.
func show(o Output) string {
	ptr := func(p any) string {
		switch v := p.(type) {
		case *int:
			if v != nil {
				return fmt.Sprint(*v)
			}
		case *string:
			if v != nil {
				return *v
			}
		}
		return "<nil>"
	}
	return fmt.Sprintf("{%s %d %v %s %s %s %s %s}", o.Mode, o.NumFiles, o.Filenames, ptr(o.Content),
		ptr(o.NumLines), ptr(o.NumMatches), ptr(o.AppliedLimit), ptr(o.AppliedOffset))
}

func callOf(root, input string) tool.Call {
	return tool.Call{ID: "toolu_test", Input: json.RawMessage(input), Env: tooltest.Env(root),
		Progress: func(tool.Progress) {}}
}
