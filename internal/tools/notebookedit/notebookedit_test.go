package notebookedit

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/tool/tooltest"
)

// setup copies testdata/fixture into a temp dir as nb.ipynb and, unless
// unread, records it as read.
func setup(t *testing.T, fixture string, unread bool) (dir, path string, files *filestate.Cache) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", fixture))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	path = filepath.Join(dir, "nb.ipynb")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	files = filestate.New()
	if !unread {
		if err := files.RecordFile(path, false, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	return dir, path, files
}

func TestNotebookEdit(t *testing.T) {
	cases := []struct {
		name    string
		fixture string
		in      map[string]any
		unread  bool
		wantErr bool
	}{
		{name: "replace_code", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "load", "new_source": "import polars as pl\ndf = pl.read_csv(\"d.csv\")\n"}},
		{name: "replace_markdown", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "intro", "new_source": "# New title <b>&</b>", "edit_mode": "replace"}},
		{name: "markdown_to_code", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "intro", "new_source": "x = 1", "cell_type": "code"}},
		{name: "code_to_markdown", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "load", "new_source": "prose", "cell_type": "markdown"}},
		{name: "replace_raw", fixture: "v45.ipynb", in: map[string]any{"cell_id": "notes", "new_source": "still raw"}},
		{name: "insert_after", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "load", "new_source": "df.head()", "cell_type": "code", "edit_mode": "insert"}},
		{name: "insert_at_start", fixture: "v45.ipynb",
			in: map[string]any{"new_source": "Intro\nline two", "cell_type": "markdown", "edit_mode": "insert"}},
		{name: "insert_into_empty", fixture: "empty.ipynb",
			in: map[string]any{"new_source": "1 + 1", "cell_type": "code", "edit_mode": "insert"}},
		{name: "delete_first", fixture: "v45.ipynb", in: map[string]any{"cell_id": "intro", "new_source": "", "edit_mode": "delete"}},
		{name: "delete_middle", fixture: "v45.ipynb", in: map[string]any{"cell_id": "load", "new_source": "", "edit_mode": "delete"}},
		{name: "delete_last", fixture: "v45.ipynb", in: map[string]any{"cell_id": "notes", "new_source": "", "edit_mode": "delete"}},
		{name: "delete_only", fixture: "compact.ipynb", in: map[string]any{"cell_id": "cell-0", "new_source": "", "edit_mode": "delete"}},
		{name: "index_id_replace", fixture: "v44.ipynb", in: map[string]any{"cell_id": "cell-1", "new_source": "## Renamed"}},
		{name: "index_id_insert", fixture: "v44.ipynb",
			in: map[string]any{"cell_id": "cell-0", "new_source": "x = 2\ny = 3", "cell_type": "code", "edit_mode": "insert"}},
		{name: "crlf_insert", fixture: "crlf.ipynb",
			in: map[string]any{"new_source": "a\nb", "cell_type": "markdown", "edit_mode": "insert"}},
		{name: "crlf_replace", fixture: "crlf.ipynb", in: map[string]any{"cell_id": "cell-0", "new_source": "x\ny"}},
		{name: "compact_replace", fixture: "compact.ipynb", in: map[string]any{"cell_id": "cell-0", "new_source": "print(2)"}},
		{name: "unknown_cell", fixture: "v45.ipynb", in: map[string]any{"cell_id": "nope", "new_source": "x"}, wantErr: true},
		{name: "index_out_of_range", fixture: "v44.ipynb", in: map[string]any{"cell_id": "cell-2", "new_source": "x"}, wantErr: true},
		{name: "insert_without_type", fixture: "v45.ipynb",
			in: map[string]any{"new_source": "x", "edit_mode": "insert"}, wantErr: true},
		{name: "replace_without_id", fixture: "v45.ipynb", in: map[string]any{"new_source": "x"}, wantErr: true},
		{name: "not_json", fixture: "broken.ipynb", in: map[string]any{"cell_id": "cell-0", "new_source": "x"}, wantErr: true},
		{name: "not_read", fixture: "v45.ipynb", unread: true,
			in: map[string]any{"cell_id": "intro", "new_source": "x"}, wantErr: true},
		{name: "bad_cell_type", fixture: "v45.ipynb",
			in: map[string]any{"cell_id": "intro", "new_source": "x", "cell_type": "raw"}, wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, path, files := setup(t, tc.fixture, tc.unread)
			before, _ := os.ReadFile(path)
			tc.in["notebook_path"] = path
			run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir), tc.in)
			if run.Result.IsError != tc.wantErr {
				t.Fatalf("IsError = %v, want %v: %s", run.Result.IsError, tc.wantErr, run.Text())
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			replace := map[string]string{dir: "$DIR"}
			if out, ok := run.Result.Structured.(output); ok && tc.in["edit_mode"] == "insert" {
				replace[out.CellID] = "$NEWID"
			}
			tooltest.Golden(t, tc.name, run.Text(), replace)
			if tc.wantErr {
				if string(after) != string(before) {
					t.Fatalf("a failed edit changed the notebook:\n%s", after)
				}
				return
			}
			if !json.Valid(after) {
				t.Fatalf("the notebook is no longer valid JSON:\n%s", after)
			}
			tooltest.Golden(t, tc.name+".ipynb", string(after), replace)
		})
	}
}

func TestPathChecks(t *testing.T) {
	cases := []struct{ name, path string }{
		{"relative_path", "nb.ipynb"},
		{"not_a_notebook", "/tmp/x.py"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(filestate.New()), tooltest.Env(t.TempDir()),
				map[string]any{"notebook_path": tc.path, "cell_id": "a", "new_source": "x"})
			if !run.Result.IsError {
				t.Fatalf("want an error, got %s", run.Text())
			}
			tooltest.Golden(t, tc.name, run.Text(), nil)
		})
	}
}

func TestModifiedSinceRead(t *testing.T) {
	dir, path, files := setup(t, "v45.ipynb", false)
	changed := []byte(`{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`)
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
		map[string]any{"notebook_path": path, "new_source": "x", "cell_type": "code", "edit_mode": "insert"})
	if !run.Result.IsError {
		t.Fatalf("want an error, got %s", run.Text())
	}
	tooltest.Golden(t, "modified", run.Text(), nil)
	if after, _ := os.ReadFile(path); string(after) != string(changed) {
		t.Fatalf("a refused edit changed the notebook: %s", after)
	}
}

func TestStructured(t *testing.T) {
	dir, path, files := setup(t, "v45.ipynb", false)
	run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
		map[string]any{"notebook_path": path, "cell_id": "load", "new_source": "a\nb"})
	out, ok := run.Result.Structured.(output)
	if run.Result.IsError || !ok {
		t.Fatalf("%s (%T)", run.Text(), run.Result.Structured)
	}
	if out.CellID != "load" || out.CellType != "code" || out.Language != "python" || out.EditMode != "replace" ||
		out.NotebookPath != path || out.OriginalFile == out.UpdatedFile || !json.Valid(out.Cell) {
		t.Fatalf("structured output %+v", out)
	}
	if run.Result.LinesAdded != 2 || run.Result.LinesRemoved != 2 {
		t.Fatalf("lines +%d -%d, want +2 -2", run.Result.LinesAdded, run.Result.LinesRemoved)
	}
	again := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
		map[string]any{"notebook_path": path, "cell_id": "load", "new_source": "c", "edit_mode": "replace"})
	if again.Result.IsError {
		t.Fatalf("a second edit after our own write: %s", again.Text())
	}
}

func TestIsDestructive(t *testing.T) {
	tl := New(filestate.New())
	if !tl.IsDestructive(json.RawMessage(`{"notebook_path":"/a.ipynb","new_source":"","edit_mode":"delete"}`)) ||
		tl.IsDestructive(json.RawMessage(`{"notebook_path":"/a.ipynb","new_source":""}`)) {
		t.Fatal("only delete is destructive")
	}
}
