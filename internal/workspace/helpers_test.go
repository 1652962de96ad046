package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write creates root/rel with content, making directories as needed, and
// returns its path.
func write(t testing.TB, root, rel, content string) string {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// under keeps the files below root (the temp tree), so that instruction
// files in the real ancestors of the temp dir do not disturb the tests.
func under(root string, files []File) []File {
	var out []File
	for _, f := range files {
		if strings.HasPrefix(f.Path, root+string(filepath.Separator)) {
			out = append(out, f)
		}
	}
	return out
}

// rels lists the files' paths relative to root.
func rels(t *testing.T, root string, files []File) []string {
	t.Helper()
	var out []string
	for _, f := range under(root, files) {
		r, err := filepath.Rel(root, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// load runs Load with the managed file and user dir inside root.
func load(t *testing.T, root, cwd string, edit func(*Options)) []File {
	t.Helper()
	o := Options{Cwd: cwd, ConfigDir: filepath.Join(root, "config"),
		ManagedFile: filepath.Join(root, "managed.md"), Home: filepath.Join(root, "home")}
	if edit != nil {
		edit(&o)
	}
	files, problems := Load(o)
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	return files
}
