package multiedit

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool/tooltest"
)

type edit = map[string]any

func ed(old, new string) edit { return edit{"old_string": old, "new_string": new} }

func edAll(old, new string) edit {
	return edit{"old_string": old, "new_string": new, "replace_all": true}
}

func ptr(s string) *string { return &s }

func TestMultiEdit(t *testing.T) {
	cases := []struct {
		name    string
		file    *string // nil: no file
		unread  bool
		rel     bool
		edits   []edit
		wantErr bool
		want    string // the file afterwards (unchanged on error)
	}{
		{name: "sequence", file: ptr("func a() {}\nfunc b() { a() }\n"),
			edits: []edit{ed("func a()", "func alpha()"), ed("{ a() }", "{ alpha() }")},
			want:  "func alpha() {}\nfunc b() { alpha() }\n"},
		{name: "builds_on_earlier", file: ptr("x\n"), edits: []edit{ed("x", "x1 x2"), ed("x2", "y")},
			want: "x1 y\n"},
		{name: "second_fails", file: ptr("one\ntwo\n"),
			edits: []edit{ed("one", "1"), ed("three", "3"), ed("two", "2")}, wantErr: true, want: "one\ntwo\n"},
		{name: "earlier_edit_removed_it", file: ptr("one\n"), edits: []edit{ed("one", "1"), ed("one", "uno")},
			wantErr: true, want: "one\n"},
		{name: "ambiguous", file: ptr("a a\n"), edits: []edit{ed("\n", "!\n"), ed("a", "b")}, wantErr: true,
			want: "a a\n"},
		{name: "replace_all", file: ptr("a a\nb\n"), edits: []edit{edAll("a", "c"), ed("b", "d")}, want: "c c\nd\n"},
		{name: "no_op_edit", file: ptr("a\n"), edits: []edit{ed("a", "b"), ed("b", "b")}, wantErr: true, want: "a\n"},
		{name: "undone", file: ptr("a\n"), edits: []edit{ed("a", "b"), ed("b", "a")}, wantErr: true, want: "a\n"},
		{name: "create", edits: []edit{ed("", "package x\n\nvar v = 1\n"), ed("1", "2")}, want: "package x\n\nvar v = 2\n"},
		{name: "missing", edits: []edit{ed("a", "b")}, wantErr: true},
		{name: "not_read", file: ptr("a\n"), unread: true, edits: []edit{ed("a", "b")}, wantErr: true, want: "a\n"},
		{name: "relative", file: ptr("a\n"), rel: true, edits: []edit{ed("a", "b")}, wantErr: true, want: "a\n"},
		{name: "no_edits", file: ptr("a\n"), edits: []edit{}, wantErr: true, want: "a\n"},
		{name: "crlf_and_quotes", file: ptr("say “hi”\r\nthere  \r\nend\r\n"),
			edits: []edit{ed(`say "hi"`, `say "bye"`), ed("there\nend", "now\nend")},
			want:  "say “bye”\r\nnow\r\nend\r\n"},
		{name: "tolerant_sequence", file: ptr("func f() {\n\tif x {\n\t\ta() // go — now\n\t}\n}\n"),
			edits: []edit{ed("if x {\n    a() // go - now\n}", "if y {\n    a() // go - now\n}"), ed("     3\t\t\ta()", "\t\tb()")},
			want:  "func f() {\n\tif y {\n\t\tb() // go — now\n\t}\n}\n"},
		{name: "second_fails_with_hint", file: ptr("alpha := 1\nbeta := 2\n"),
			edits: []edit{ed("alpha", "a"), ed("beta := 3", "b")}, wantErr: true, want: "alpha := 1\nbeta := 2\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.go")
			files := filestate.New()
			if tc.file != nil {
				if err := os.WriteFile(path, []byte(*tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
				if !tc.unread {
					if err := files.RecordFile(path, false, 0, 0); err != nil {
						t.Fatal(err)
					}
				}
			}
			arg := path
			if tc.rel {
				arg = "f.go"
			}
			run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
				map[string]any{"file_path": arg, "edits": tc.edits})
			if run.Result.IsError != tc.wantErr {
				t.Fatalf("IsError = %v, want %v: %s", run.Result.IsError, tc.wantErr, run.Text())
			}
			tooltest.Golden(t, tc.name, run.Text(), map[string]string{dir: "$DIR"})
			if got, err := os.ReadFile(path); (err == nil || tc.file != nil) && string(got) != tc.want {
				t.Fatalf("file = %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}

func TestStructured(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := filestate.New()
	if err := files.RecordFile(path, false, 0, 0); err != nil {
		t.Fatal(err)
	}
	run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
		map[string]any{"file_path": path, "edits": []edit{ed("a\n", ""), ed("c", "C\nD")}})
	if run.Result.IsError {
		t.Fatal(run.Text())
	}
	got, err := json.Marshal(run.Result.Structured)
	if err != nil {
		t.Fatal(err)
	}
	tooltest.Golden(t, "structured", string(bytes.ReplaceAll(got, []byte(dir), []byte("$DIR")))+"\n", nil)
	if run.Result.LinesAdded != 2 || run.Result.LinesRemoved != 2 {
		t.Fatalf("lines +%d -%d, want +2 -2", run.Result.LinesAdded, run.Result.LinesRemoved)
	}
}
