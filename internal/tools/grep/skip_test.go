package grep

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/tool/tooltest"
)

// sparseFile makes a file of size bytes that takes no room on disk.
func sparseFile(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
}

// unreadableFile makes path a regular file that cannot be opened for
// reading: chmod 000 when not root; as root, a write-only procfs file
// bind-mounted over it (root is refused too). It skips the test when
// neither works.
func unreadableFile(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(path, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		if err := os.Chmod(path, 0); err != nil {
			t.Fatal(err)
		}
		return
	}
	const writeOnly = "/proc/sys/vm/compact_memory"
	if out, err := exec.Command("mount", "--bind", writeOnly, path).CombinedOutput(); err != nil {
		t.Skipf("cannot make a file root cannot read: mount --bind: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", path).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", path, err, out)
		}
	})
	if f, err := os.Open(path); err == nil {
		f.Close()
		t.Skip("root can still read the bind-mounted file")
	}
}

// A directory search tells the model which files it did not search and
// why: over the size limit, or unreadable. In every output mode, with
// matches or without, with both engines.
func TestGrepReportsSkippedFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, [][2]string{{"a.txt", "hello\n"}, {"sub/b.txt", "hello\n"}})
	sparseFile(t, filepath.Join(root, "sub", "huge.log.txt"), maxFileSize+1)
	unreadableFile(t, filepath.Join(root, "locked.txt"))
	want := "[Not searched: 1 file larger than 10 MB (sub/huge.log.txt); " +
		"1 file that could not be read (locked.txt: permission denied).]"
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			for _, mode := range []string{modeFiles, modeContent, modeCount} {
				for _, pattern := range []string{"hello", "absent"} {
					run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(root),
						map[string]any{"pattern": pattern, "output_mode": mode})
					if text := run.Text(); !strings.HasSuffix(text, "\n\n"+want) {
						t.Errorf("%s %q:\n%s\nwant it to end with\n%s", mode, pattern, text, want)
					}
				}
			}
		})
	}
}

// The note stays short: a few names per reason, and a count.
func TestGrepSkippedNoteIsBounded(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, [][2]string{{"a.txt", "hello\n"}})
	for i := range 8 {
		sparseFile(t, filepath.Join(root, fmt.Sprintf("big%d.bin", i)), maxFileSize+1)
	}
	want := "hello\n\n[Not searched: 8 files larger than 10 MB (big0.bin, big1.bin, big2.bin, " +
		"big3.bin, big4.bin and 3 more).]"
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(root),
				map[string]any{"pattern": "hello", "output_mode": "content", "-n": false, "path": filepath.Join(root)})
			if got := run.Text(); got != "a.txt:"+want {
				t.Errorf("got:\n%s\nwant:\n%s", got, "a.txt:"+want)
			}
		})
	}
}

// Without skipped files there is no note.
func TestGrepNoSkippedNote(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, [][2]string{{"a.txt", "hello\n"}, {"bin.dat", "hello\x00"}})
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(e.opts), tooltest.Env(root),
				map[string]any{"pattern": "hello"})
			if got := run.Text(); got != "Found 1 file\na.txt" {
				t.Errorf("got %q", got)
			}
		})
	}
}
