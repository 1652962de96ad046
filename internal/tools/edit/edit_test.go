package edit

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/tool/tooltest"
)

// fixture is one file in a temp dir, optionally read into a fresh cache.
type fixture struct {
	dir, path string
	files     *filestate.Cache
}

func newFixture(t *testing.T, name string, content *string, read bool) fixture {
	t.Helper()
	dir := t.TempDir()
	f := fixture{dir: dir, path: filepath.Join(dir, name), files: filestate.New()}
	if content == nil {
		return f
	}
	if err := os.WriteFile(f.path, []byte(*content), 0o644); err != nil {
		t.Fatal(err)
	}
	if read {
		if err := f.files.RecordFile(f.path, false, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f fixture) call(t *testing.T, in map[string]any) tooltest.Run {
	t.Helper()
	return tooltest.Call(t, context.Background(), New(f.files), tooltest.Env(f.dir), in)
}

func ptr(s string) *string { return &s }

func TestEdit(t *testing.T) {
	cases := []struct {
		name    string
		file    *string // nil: no file
		unread  bool
		path    string // relative to the temp dir; "" is the file itself
		old     string
		new     string
		all     bool
		wantErr bool
		want    string // the file afterwards (unchanged on error)
	}{
		{name: "replace", file: ptr("one\ntwo\nthree\n"), old: "two", new: "TWO", want: "one\nTWO\nthree\n"},
		{name: "replace_all", file: ptr("a x\nb x\nc\nd\ne\nf\ng\nh\ni x\n"), old: "x", new: "y", all: true,
			want: "a y\nb y\nc\nd\ne\nf\ng\nh\ni y\n"},
		{name: "multiple", file: ptr("x\nx\n"), old: "x", new: "y", wantErr: true, want: "x\nx\n"},
		{name: "not_found", file: ptr("alpha\n"), old: "beta", new: "gamma", wantErr: true, want: "alpha\n"},
		{name: "no_change", file: ptr("alpha\n"), old: "alpha", new: "alpha", wantErr: true, want: "alpha\n"},
		{name: "relative", file: ptr("alpha\n"), path: "rel", old: "alpha", new: "b", wantErr: true, want: "alpha\n"},
		{name: "dotdot", file: ptr("alpha\n"), path: "/sub/../f.txt", old: "alpha", new: "beta", want: "beta\n"},
		{name: "missing", old: "alpha", new: "beta", wantErr: true},
		{name: "create", old: "", new: "fresh\nfile\n", want: "fresh\nfile\n"},
		{name: "fill_empty", file: ptr(""), old: "", new: "now\n", want: "now\n"},
		{name: "empty_old", file: ptr("alpha\n"), old: "", new: "x", wantErr: true, want: "alpha\n"},
		{name: "not_read", file: ptr("alpha\n"), unread: true, old: "alpha", new: "b", wantErr: true, want: "alpha\n"},
		{name: "crlf", file: ptr("a\r\nb\r\nc\r\n"), old: "a\nb\n", new: "x\ny\nz\n", want: "x\r\ny\r\nz\r\nc\r\n"},
		{name: "crlf_single_line", file: ptr("a\r\nb\r\n"), old: "b", new: "b\nb2", want: "a\r\nb\r\nb2\r\n"},
		{name: "curly", file: ptr("say “hello” to ‘them’\n"), old: `say "hello"`, new: `say "goodbye" and don't`,
			want: "say “goodbye” and don't to ‘them’\n"},
		{name: "curly_unchanged", file: ptr("a “b”\n"), old: `a "b"`, new: "a “b”", wantErr: true, want: "a “b”\n"},
		{name: "trailing_space", file: ptr("foo  \nbar\t\nbaz\n"), old: "foo\nbar\n", new: "FOO\nBAR\n",
			want: "FOO\nBAR\nbaz\n"},
		{name: "trailing_space_kept_outside", file: ptr("a\t\nb  \nc\n"), old: "a\nb", new: "A\nB",
			want: "A\nB  \nc\n"},
		{name: "invalid_utf8", file: ptr("\xff\xfeabc\x80 \xc0\n"), old: "abc", new: "z", want: "\xff\xfez\x80 \xc0\n"},
		{name: "notebook", file: ptr("{}"), path: "/f.ipynb", old: "{", new: "[", wantErr: true, want: "{}"},
		{name: "directory", file: ptr("x"), path: "/", old: "a", new: "b", wantErr: true, want: "x"},
		// Issue 17: near misses land as meant, or the refusal says what differed.
		{name: "tolerant_indent", file: ptr("func f() {\n\tif x {\n\t\ta()\n\t}\n}\n"), old: "if x {\n    a()\n}",
			new: "if x {\n    a()\n    b()\n}", want: "func f() {\n\tif x {\n\t\ta()\n\t\tb()\n\t}\n}\n"},
		{name: "tolerant_line_numbers", file: ptr("one\ntwo\nthree\n"), old: "     2\ttwo\n     3\tthree", new: "2\n3",
			want: "one\n2\n3\n"},
		{name: "tolerant_unicode", file: ptr("Fast — and cheap…\n"), old: "Fast - and cheap...", new: "Fast - and free...",
			want: "Fast — and free…\n"},
		{name: "tolerant_nfd", file: ptr("Cafe\u0301 menu\n"), old: "Café menu", new: "Café list", want: "Cafe\u0301 list\n"},
		{name: "tolerant_escaped", file: ptr("a := \"x\"\nb := 2\n"), old: `a := \"x\"\nb := 2`, new: `a := \"y\"\nb := 2`,
			want: "a := \"y\"\nb := 2\n"},
		{name: "tolerant_newlines", file: ptr("a\nlast"), old: "\nlast\n", new: "\nLAST\n", want: "a\nLAST"},
		{name: "delete_line", file: ptr("a\nb\nc\n"), old: "b", new: "", want: "a\nc\n"},
		{name: "markdown_break_kept", file: ptr("one  \ntwo\n"), old: "one\ntwo", new: "one\n2", want: "one  \n2\n"},
		{name: "ambiguous_lines", file: ptr("x = 1\ny = 2\nx = 1\n"), old: "x = 1", new: "x = 3", wantErr: true,
			want: "x = 1\ny = 2\nx = 1\n"},
		{name: "hint_column", file: ptr("func main() {\n\tfmt.Println(1)\n}\n"), old: "func main() {\n\tfmt.Printn(1)\n}",
			new: "x", wantErr: true, want: "func main() {\n\tfmt.Println(1)\n}\n"},
		{name: "hint_missing_line", file: ptr("a := 1\nb := 2\n"), old: "a := 1\nz := 0\nb := 2", new: "x", wantErr: true,
			want: "a := 1\nb := 2\n"},
		{name: "hint_indent", file: ptr("if a {\n    b()\n        c()\n}\n"), old: "if a {\n  b()\n  c()\n}", new: "x",
			wantErr: true, want: "if a {\n    b()\n        c()\n}\n"},
		{name: "tolerant_two_places", file: ptr("a:\n  k: 1\nb:\n    k: 1\n"), old: "k: 1\n", new: "k: 2\n", wantErr: true,
			want: "a:\n  k: 1\nb:\n    k: 1\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, "f.txt", tc.file, !tc.unread)
			path := f.path
			switch {
			case tc.path == "rel":
				path = "f.txt"
			case tc.path != "":
				path = f.dir + tc.path
			}
			run := f.call(t, map[string]any{"file_path": path, "old_string": tc.old, "new_string": tc.new,
				"replace_all": tc.all})
			if run.Result.IsError != tc.wantErr {
				t.Fatalf("IsError = %v, want %v: %s", run.Result.IsError, tc.wantErr, run.Text())
			}
			tooltest.Golden(t, tc.name, run.Text(), map[string]string{f.dir: "$DIR"})
			if tc.file != nil || !tc.wantErr {
				if got := readFile(t, f.path); got != tc.want {
					t.Fatalf("file = %q, want %q", got, tc.want)
				}
			}
		})
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFreshness(t *testing.T) {
	later := time.Now().Add(time.Hour)
	cases := []struct {
		name    string
		change  func(t *testing.T, path string)
		wantErr bool
	}{
		{"modified", func(t *testing.T, p string) {
			if err := os.WriteFile(p, []byte("alpha changed\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(p, later, later); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"touched", func(t *testing.T, p string) {
			if err := os.Chtimes(p, later, later); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, "f.txt", ptr("alpha\n"), true)
			tc.change(t, f.path)
			before := readFile(t, f.path)
			run := f.call(t, map[string]any{"file_path": f.path, "old_string": "alpha", "new_string": "omega"})
			if run.Result.IsError != tc.wantErr {
				t.Fatalf("IsError = %v: %s", run.Result.IsError, run.Text())
			}
			tooltest.Golden(t, tc.name, run.Text(), map[string]string{f.dir: "$DIR"})
			if after := readFile(t, f.path); tc.wantErr && after != before {
				t.Fatalf("a refused edit changed the file: %q", after)
			}
		})
	}
}

// TestStructured checks the tool_use_result, the line counts, and that the
// cache is updated so a second edit needs no new read.
func TestStructured(t *testing.T) {
	f := newFixture(t, "f.txt", ptr("one\ntwo\nthree\n"), true)
	run := f.call(t, map[string]any{"file_path": f.path, "old_string": "two\n", "new_string": "2\n2b\n"})
	if run.Result.IsError {
		t.Fatal(run.Text())
	}
	got, err := json.Marshal(run.Result.Structured)
	if err != nil {
		t.Fatal(err)
	}
	got = bytes.ReplaceAll(got, []byte(f.dir), []byte("$DIR"))
	tooltest.Golden(t, "structured", string(got)+"\n", nil)
	if run.Result.LinesAdded != 2 || run.Result.LinesRemoved != 1 {
		t.Fatalf("lines +%d -%d, want +2 -1", run.Result.LinesAdded, run.Result.LinesRemoved)
	}
	again := f.call(t, map[string]any{"file_path": f.path, "old_string": "2b", "new_string": "two"})
	if again.Result.IsError {
		t.Fatalf("second edit after our own write: %s", again.Text())
	}
}
