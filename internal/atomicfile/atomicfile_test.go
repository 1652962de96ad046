package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "deeper", "f.txt")
	if err := Write(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o600 {
		t.Fatalf("new file mode %v", info.Mode())
	}
	if err := os.Chmod(p, 0o751); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	info, _ := os.Stat(p)
	if string(got) != "two" || info.Mode().Perm() != 0o751 {
		t.Fatalf("content %q mode %v; the mode must be kept", got, info.Mode())
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "link.txt")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(real)
	if info, _ := os.Lstat(link); string(got) != "new" || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link must stay a link and its target change; got %q", got)
	}
}

func TestFailureLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(p, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil { // no new files in dir
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	if err := Write(p, []byte("lost"), 0o644); err == nil {
		t.Fatal("want an error")
	}
	if got, _ := os.ReadFile(p); string(got) != "keep" {
		t.Fatalf("old content damaged: %q", got)
	}
}

func TestDirectoryIsRefused(t *testing.T) {
	if err := Write(t.TempDir(), []byte("x"), 0o644); err == nil {
		t.Fatal("writing over a directory must fail")
	}
}
