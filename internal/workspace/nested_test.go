package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

func TestNestedTouch(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "p")
	write(t, root, "p/CLAUDE.md", "top")
	write(t, root, "p/sub/CLAUDE.md", "sub @../shared.md")
	write(t, root, "p/shared.md", "shared")
	write(t, root, "p/sub/deep/CLAUDE.local.md", "deep local")
	write(t, root, "p/sub/deep/.claude/rules/r.md", "deep rule")
	write(t, root, "p/sub/deep/.claude/rules/scoped.md", "---\npaths: ['*.go']\n---\nscoped")
	write(t, root, "p/other/AGENTS.md", "other")
	write(t, root, "outside/CLAUDE.md", "outside")
	o := Options{Cwd: cwd, ManagedFile: "-"}
	loaded, _ := Load(o)
	n := NewNested(o, loaded)

	got := n.Touch(filepath.Join(cwd, "sub", "deep", "main.go"))
	want := []string{"p/sub/CLAUDE.md", "p/shared.md", "p/sub/deep/.claude/rules/r.md", "p/sub/deep/CLAUDE.local.md"}
	if r := rels(t, root, got); !slices.Equal(r, want) {
		t.Fatalf("first touch: got %q, want %q", r, want)
	}
	for _, f := range got {
		if f.Scope != ScopeNested {
			t.Errorf("%s: scope %v, want nested", f.Path, f.Scope)
		}
	}
	if got[1].ImportedFrom != filepath.Join(cwd, "sub", "CLAUDE.md") {
		t.Errorf("import from %q", got[1].ImportedFrom)
	}
	for _, p := range []string{
		filepath.Join(cwd, "sub", "deep", "other.go"), // directories already examined
		filepath.Join(cwd, "sub"),                     // the directory itself, examined
		filepath.Join(cwd, "main.go"),                 // cwd is loaded at launch
		filepath.Join(root, "outside", "x.go"),        // outside cwd
		filepath.Join(cwd, "..", "outside", "y.go"),   // outside after cleaning
	} {
		if got := n.Touch(p); got != nil {
			t.Errorf("Touch(%s) = %q, want nil", p, rels(t, root, got))
		}
	}
	if r := rels(t, root, n.Touch("other/new-file.txt")); !slices.Equal(r, []string{"p/other/AGENTS.md"}) {
		t.Errorf("relative touch: %q", r)
	}
	if p := n.Problems(); len(p) != 0 {
		t.Errorf("problems %v", p)
	}
}

func TestNestedSkipsAlreadyLoaded(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "p")
	write(t, root, "p/CLAUDE.md", "top")
	if err := os.MkdirAll(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(cwd, "CLAUDE.md"), filepath.Join(cwd, "sub", "CLAUDE.md")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	o := Options{Cwd: cwd, ManagedFile: "-"}
	loaded, _ := Load(o)
	if got := NewNested(o, loaded).Touch(filepath.Join(cwd, "sub", "x")); got != nil {
		t.Errorf("returned an already loaded file: %q", rels(t, root, got))
	}
}

func TestNestedConcurrent(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "p")
	write(t, root, "p/a/CLAUDE.md", "a")
	write(t, root, "p/a/b/CLAUDE.md", "b")
	n := NewNested(Options{Cwd: cwd, ManagedFile: "-"}, nil)
	var mu sync.Mutex
	var files []File
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got := n.Touch(filepath.Join(cwd, "a", "b", "f.go"))
			mu.Lock()
			files = append(files, got...)
			mu.Unlock()
		})
	}
	wg.Wait()
	all := rels(t, root, files)
	slices.Sort(all)
	if want := []string{"p/a/CLAUDE.md", "p/a/b/CLAUDE.md"}; !slices.Equal(all, want) {
		t.Errorf("concurrent touches returned %q, want each file once", all)
	}
}
