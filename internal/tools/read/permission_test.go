package read

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

// asNobodyEnv names the file TestAsNobodyHelper reads after dropping root.
const asNobodyEnv = "CORVID_READ_TEST_AS_NOBODY"

// TestPermissionDenied reads a file the user may not read. Tests usually
// run as root, who may read anything, so the read then happens in a child
// process (this test binary) that first switches to the user nobody.
func TestPermissionDenied(t *testing.T) {
	dir := t.TempDir()
	// The test's directories must be traversable by nobody.
	for d := dir; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(path, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var got string
	if os.Geteuid() != 0 {
		os.Chmod(path, 0)
		got = tooltest.Call(t, context.Background(), New(filestate.New()), tooltest.Env(dir),
			map[string]any{"file_path": path}).Text()
	} else {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAsNobodyHelper$")
		cmd.Env = append(os.Environ(), asNobodyEnv+"="+path)
		out, err := cmd.CombinedOutput()
		text, ok := strings.CutPrefix(string(out), "RESULT:")
		if err != nil || !ok {
			t.Skipf("cannot run as nobody here: %v\n%s", err, out)
		}
		got, _, _ = strings.Cut(text, "\nEND")
	}
	tooltest.Golden(t, "permission_denied", got, map[string]string{dir: "$DIR"})
}

// TestAsNobodyHelper is the child of TestPermissionDenied.
func TestAsNobodyHelper(t *testing.T) {
	path := os.Getenv(asNobodyEnv)
	if path == "" {
		t.Skip("run by TestPermissionDenied")
	}
	if err := dropRoot(); err != nil {
		fmt.Printf("cannot drop root: %v\n", err)
		os.Exit(3)
	}
	r := tooltest.Call(t, context.Background(), New(filestate.New()), tooltest.Env(filepath.Dir(path)),
		map[string]any{"file_path": path})
	fmt.Printf("RESULT:%s\nEND\n", r.Text())
}

func dropRoot() error {
	const nobody = 65534
	if err := syscall.Setgroups(nil); err != nil {
		return err
	}
	if err := syscall.Setgid(nobody); err != nil {
		return err
	}
	return syscall.Setuid(nobody)
}
