package textedit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/filestate"
)

func TestRunRefuses(t *testing.T) {
	cases := []struct {
		name    string
		prepare func(t *testing.T, path string)
		ctx     func() context.Context
		want    string
	}{
		{name: "too large", prepare: func(t *testing.T, p string) {
			if err := os.Truncate(p, MaxFileSize+1); err != nil {
				t.Fatal(err)
			}
		}, want: ("$PATH is too large to edit (67108865 bytes; the limit is 64 MiB). Change it with a command-line tool instead.")},
		{name: "fifo", prepare: func(t *testing.T, p string) {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip("no fifos here:", err)
			}
		}, want: ("$PATH is not a regular file, so it cannot be edited.")},
		{name: "cancelled", ctx: func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}, want: ("context canceled")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.txt")
			if err := os.WriteFile(path, []byte("alpha\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			files := filestate.New()
			if err := files.RecordFile(path, false, 0, 0); err != nil {
				t.Fatal(err)
			}
			if tc.prepare != nil {
				tc.prepare(t, path)
			}
			ctx := context.Background()
			if tc.ctx != nil {
				ctx = tc.ctx()
			}
			var before []byte
			if tc.name != "fifo" { // reading a fifo blocks
				before, _ = os.ReadFile(path)
			}
			_, err := Run(ctx, files, Request{Path: path, WorkDir: "/", Edits: []Edit{{Old: "alpha", New: "beta"}}})
			want := strings.ReplaceAll(tc.want, "$PATH", path)
			if err == nil || err.Error() != want {
				t.Fatalf("error %v, want %q", err, want)
			}
			if tc.name == "fifo" {
				return
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Fatal("a refused edit changed the file")
			}
		})
	}
}

// TestRunKeepsPartialRead checks the cache entry after a write: fresh,
// and still marked as a partial read when the read was partial.
func TestRunKeepsPartialRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte("a\nb\nc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := filestate.New()
	if err := files.RecordFile(path, true, 2, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), files, Request{Path: path, Edits: []Edit{{Old: "b", New: "B"}}}); err != nil {
		t.Fatal(err)
	}
	e, ok := files.Get(path)
	if !ok || !e.Partial || e.Offset != 2 || e.Limit != 1 {
		t.Fatalf("entry %+v", e)
	}
	if err := files.CheckFresh(path); err != nil {
		t.Fatalf("our own write must leave the file fresh: %v", err)
	}
}

// TestIOError: a file-system failure is an *IOError (reported without the
// <tool_use_error> wrapping). Here the path leads through a regular file,
// which fails even for root.
func TestIOError(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "regular"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "f.txt")
	if err := os.Symlink("regular/child.txt", link); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), filestate.New(), Request{Path: link, Edits: []Edit{{Old: "", New: "b"}}})
	var ioErr *IOError
	if !errors.As(err, &ioErr) {
		t.Fatalf("got %v", err)
	}
}
