package write

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
	"corvid/internal/tools/read"
)

func TestWrite(t *testing.T) {
	cases := []struct {
		name    string
		setup   func(t *testing.T, f *fixture) string // returns the path to write
		content string
		want    string // the file afterwards ("" with isError: unchanged or absent)
		isError bool
		added   int
		removed int
	}{
		{name: "create", setup: func(t *testing.T, f *fixture) string { return f.path("new.txt") },
			content: "one\ntwo\n", want: "one\ntwo\n", added: 2},
		{name: "create_parents", setup: func(t *testing.T, f *fixture) string { return f.path("a/b/c/new.go") },
			content: "package c", want: "package c", added: 1},
		{name: "create_empty", setup: func(t *testing.T, f *fixture) string { return f.path("empty") },
			content: "", want: ""},
		{name: "create_dotdot", setup: func(t *testing.T, f *fixture) string { return f.dir + "/x/../clean.txt" },
			content: "hi\n", want: "hi\n", added: 1},
		{name: "update", setup: func(t *testing.T, f *fixture) string { return f.put(t, "u.txt", "a\nb\nc\n", true) },
			content: "a\nB\nc\nd\n", want: "a\nB\nc\nd\n", added: 2, removed: 1},
		{name: "update_crlf_kept", setup: func(t *testing.T, f *fixture) string { return f.put(t, "w.txt", "x\r\ny\r\n", true) },
			content: "x\r\nz\r\n", want: "x\r\nz\r\n", added: 1, removed: 1},
		{name: "update_same", setup: func(t *testing.T, f *fixture) string { return f.put(t, "s.txt", "same\n", true) },
			content: "same\n", want: "same\n"},
		{name: "not_read", setup: func(t *testing.T, f *fixture) string { return f.put(t, "n.txt", "keep\n", false) },
			content: "lost\n", want: "keep\n", isError: true},
		{name: "modified_since_read", setup: func(t *testing.T, f *fixture) string {
			p := f.put(t, "m.txt", "old\n", true)
			later := time.Now().Add(time.Hour)
			os.WriteFile(p, []byte("changed by someone\n"), 0o644)
			os.Chtimes(p, later, later)
			return p
		}, content: "mine\n", want: "changed by someone\n", isError: true},
		{name: "touched_since_read", setup: func(t *testing.T, f *fixture) string {
			p := f.put(t, "t.txt", "old\n", true)
			later := time.Now().Add(time.Hour)
			os.Chtimes(p, later, later)
			return p
		}, content: "new\n", want: "new\n", added: 1, removed: 1},
		{name: "directory", setup: func(t *testing.T, f *fixture) string { os.Mkdir(f.path("d"), 0o755); return f.path("d") },
			content: "x", isError: true},
		{name: "parent_is_file", setup: func(t *testing.T, f *fixture) string { f.put(t, "file", "x", true); return f.path("file/child.txt") },
			content: "x", isError: true},
		{name: "grandparent_is_file", setup: func(t *testing.T, f *fixture) string {
			f.put(t, "file2", "x", true)
			return f.path("file2/sub/child.txt")
		},
			content: "x", isError: true},
		{name: "fifo", setup: func(t *testing.T, f *fixture) string {
			if err := syscall.Mkfifo(f.path("pipe"), 0o644); err != nil {
				t.Skip(err)
			}
			return f.path("pipe")
		}, content: "x", isError: true},
		{name: "relative", setup: func(t *testing.T, f *fixture) string { return "rel.txt" }, content: "x", isError: true},
		{name: "relative_dotdot", setup: func(t *testing.T, f *fixture) string { return "../rel.txt" }, content: "x", isError: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			path := c.setup(t, f)
			r := f.write(t, path, c.content)
			if r.Result.IsError != c.isError {
				t.Fatalf("IsError = %v: %s", r.Result.IsError, r.Text())
			}
			f.golden(t, "write_"+c.name, r.Text())
			if c.want != "" || !c.isError {
				if got := readBack(t, filepath.Clean(path)); got != c.want {
					t.Errorf("file holds %q, want %q", got, c.want)
				}
			}
			if r.Result.LinesAdded != c.added || r.Result.LinesRemoved != c.removed {
				t.Errorf("lines +%d -%d, want +%d -%d", r.Result.LinesAdded, r.Result.LinesRemoved, c.added, c.removed)
			}
			if !c.isError {
				if err := f.files.CheckFresh(filepath.Clean(path)); err != nil {
					t.Errorf("after writing, an edit would be refused: %v", err)
				}
			}
			assertNoTempFiles(t, f.dir)
		})
	}
}

func TestSchemaErrors(t *testing.T) {
	f := newFixture(t)
	cases := map[string]string{
		"missing_content":    `{"file_path":"$DIR/x"}`,
		"content_not_string": `{"file_path":"$DIR/x","content":3}`,
		"extra_field":        `{"file_path":"$DIR/x","content":"","append":true}`,
	}
	for name, in := range cases {
		raw := json.RawMessage(strings.ReplaceAll(in, "$DIR", f.dir))
		r := tooltest.Call(t, context.Background(), f.tl, tooltest.Env(f.dir), raw)
		if !r.Result.IsError {
			t.Errorf("%s accepted", name)
		}
		f.golden(t, "schema_"+name, r.Text())
	}
	if _, err := os.Stat(f.path("x")); err == nil {
		t.Error("a refused call wrote the file")
	}
}

func TestStructured(t *testing.T) {
	f := newFixture(t)
	p := f.put(t, "s.go", "package s\n\nfunc A() {}\n", true)
	r := f.write(t, p, "package s\n\nfunc A() {}\n\nfunc B() {}\n")
	got, _ := json.MarshalIndent(r.Result.Structured, "", "  ")
	f.golden(t, "structured_update", string(got))
	r = f.write(t, f.path("n.txt"), "hello\n")
	got, _ = json.MarshalIndent(r.Result.Structured, "", "  ")
	f.golden(t, "structured_create", string(got))
}

func TestKeepsModeAndFollowsLinks(t *testing.T) {
	f := newFixture(t)
	p := f.put(t, "secret.env", "A=1\n", true)
	os.Chmod(p, 0o600)
	f.files.RecordFile(p, false, 0, 0)
	if r := f.write(t, p, "A=2\n"); r.Result.IsError {
		t.Fatal(r.Text())
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	link := f.path("link.env")
	os.Symlink(p, link)
	f.files.RecordFile(link, false, 0, 0)
	if r := f.write(t, link, "A=3\n"); r.Result.IsError {
		t.Fatal(r.Text())
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 || readBack(t, p) != "A=3\n" {
		t.Error("writing through a symlink must replace its target and keep the link")
	}
	if info, _ := os.Stat(f.path("new")); info != nil {
		t.Error("unexpected file")
	}
	r := f.write(t, f.path("new"), "x")
	if info, _ := os.Stat(f.path("new")); r.Result.IsError || info.Mode().Perm() != newFileMode {
		t.Errorf("new file: %s %v", r.Text(), info.Mode())
	}
}

func TestBigOriginal(t *testing.T) {
	f := newFixture(t)
	content := strings.Repeat("0123456789abcdef\n", maxDiffBytes/17+10)
	p := f.put(t, "big.txt", content, true)
	r := f.write(t, p, "short\n")
	out := r.Result.Structured.(Output)
	if r.Result.IsError || out.OriginalFile != nil || len(out.StructuredPatch) != 0 {
		t.Fatalf("%s: %+v", r.Text(), out.Type)
	}
	if r.Result.LinesAdded != 1 || r.Result.LinesRemoved != maxDiffBytes/17+10 {
		t.Errorf("lines +%d -%d", r.Result.LinesAdded, r.Result.LinesRemoved)
	}
}

func TestReadThenWrite(t *testing.T) {
	f := newFixture(t)
	p := f.put(t, "main.go", "package main\n", false)
	reader := read.New(f.files)
	tooltest.Call(t, context.Background(), reader, tooltest.Env(f.dir), map[string]string{"file_path": p})
	for i := range 2 { // a second write needs no new read
		if r := f.write(t, p, strings.Repeat("// more\n", i+1)); r.Result.IsError {
			t.Fatalf("write %d after read: %s", i, r.Text())
		}
	}
}

func TestMetadata(t *testing.T) {
	f := newFixture(t)
	existing := f.put(t, "e.txt", "x", false)
	in := func(p string) json.RawMessage {
		raw, _ := json.Marshal(map[string]string{"file_path": p, "content": ""})
		return raw
	}
	tl := f.tl
	if tl.Name() != "Write" || tl.IsReadOnly(in(existing)) || tl.IsConcurrencySafe(in(existing)) {
		t.Error("Write is named Write, and neither read-only nor concurrency-safe")
	}
	if !tl.IsDestructive(in(existing)) || tl.IsDestructive(in(f.path("new"))) {
		t.Error("Write is destructive exactly when the file exists")
	}
	if tl.InterruptBehavior() != tool.Block || len(tl.Description()) < 500 {
		t.Error("interrupt must wait for a write; the description must be there")
	}
	var s struct {
		Properties           map[string]any `json:"properties"`
		Required             []string       `json:"required"`
		AdditionalProperties bool           `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil || len(s.Properties) != 2 || len(s.Required) != 2 || s.AdditionalProperties {
		t.Errorf("schema %+v %v", s, err)
	}
}

func TestCancelledBeforeWriting(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := tooltest.Call(t, ctx, f.tl, tooltest.Env(f.dir), map[string]string{"file_path": f.path("x"), "content": "x"})
	if !r.Result.IsError {
		t.Error("a cancelled call succeeded")
	}
	if _, err := os.Stat(f.path("x")); err == nil {
		t.Error("a cancelled call wrote the file")
	}
}
