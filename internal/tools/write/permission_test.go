package write

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool/tooltest"
)

// asNobodyEnv names the directory TestAsNobodyHelper writes into after
// dropping root.
const asNobodyEnv = "CORVID_WRITE_TEST_AS_NOBODY"

// TestPermissionDenied writes into a directory the user may not write
// to: overwriting a file there and creating one. Tests usually run as
// root, who may write anywhere, so the writes then happen in a child
// process (this test binary) that first switches to the user nobody.
func TestPermissionDenied(t *testing.T) {
	dir := t.TempDir()
	for d := dir; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	locked := filepath.Join(dir, "locked.txt")
	if err := os.WriteFile(locked, []byte("original\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got string
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		got = writeTwice(t, dir)
	} else {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAsNobodyHelper$")
		cmd.Env = append(os.Environ(), asNobodyEnv+"="+dir)
		out, err := cmd.CombinedOutput()
		text, ok := strings.CutPrefix(string(out), "RESULT:")
		if err != nil || !ok {
			t.Skipf("cannot run as nobody here: %v\n%s", err, out)
		}
		got, _, _ = strings.Cut(text, "\nEND")
	}
	tooltest.Golden(t, "permission_denied", got, map[string]string{dir: "$DIR"})
	if data, _ := os.ReadFile(locked); string(data) != "original\n" {
		t.Errorf("the refused write changed the file: %q", data)
	}
	assertNoTempFiles(t, dir)
}

// writeTwice overwrites dir/locked.txt (after recording it as read) and
// creates dir/new.txt, and returns both result texts.
func writeTwice(t *testing.T, dir string) string {
	files := filestate.New()
	locked := filepath.Join(dir, "locked.txt")
	if err := files.RecordFile(locked, false, 0, 0); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, p := range []string{locked, filepath.Join(dir, "new.txt")} {
		r := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
			map[string]string{"file_path": p, "content": "changed\n"})
		texts = append(texts, fmt.Sprintf("is_error=%v %s", r.Result.IsError, r.Text()))
	}
	return strings.Join(texts, "\n")
}

// TestAsNobodyHelper is the child of TestPermissionDenied.
func TestAsNobodyHelper(t *testing.T) {
	dir := os.Getenv(asNobodyEnv)
	if dir == "" {
		t.Skip("run by TestPermissionDenied")
	}
	const nobody = 65534
	if err := syscall.Setgroups(nil); err != nil {
		os.Exit(3)
	}
	if syscall.Setgid(nobody) != nil || syscall.Setuid(nobody) != nil {
		os.Exit(3)
	}
	fmt.Printf("RESULT:%s\nEND\n", writeTwice(t, dir))
}
