package walk

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// tree writes files (path → content; a path ending in "/" is a directory)
// under a new temp dir and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// list walks root and returns the sorted slash paths relative to root.
func list(t *testing.T, root string, opts Options) []string {
	t.Helper()
	var mu sync.Mutex
	var got []string
	err := Walk(context.Background(), root, opts, func(path string, _ fs.DirEntry) error {
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		got = append(got, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatalf("Walk: %v", err)
	}
	slices.Sort(got)
	return got
}

var rgOptions = Options{Ignore: true, SkipHidden: true}

// fixtures are trees whose expected listing under rgOptions is what
// `rg --files` prints for them.
var fixtures = []struct {
	name  string
	files map[string]string
	want  []string
}{
	{"gitignore needs a repository", map[string]string{
		".gitignore": "*.log\n", "a.log": "", "b.txt": "",
	}, []string{"a.log", "b.txt"}},
	{"gitignore inside a repository", map[string]string{
		".git/": "", ".gitignore": "*.log\n/build\n", "a.log": "", "b.txt": "",
		"build/x.txt": "", "sub/build/y.txt": "", "sub/c.log": "",
	}, []string{"b.txt", "sub/build/y.txt"}},
	{"nested gitignore and negation", map[string]string{
		".git/": "", ".gitignore": "*.tmp\n", "sub/.gitignore": "!keep.tmp\nlocal/\n",
		"a.tmp": "", "sub/keep.tmp": "", "sub/drop.tmp": "", "sub/local/z.txt": "", "local/z.txt": "",
	}, []string{"local/z.txt", "sub/keep.tmp"}},
	{"path patterns are relative to their directory", map[string]string{
		".git/": "", "sub/.gitignore": "gen/*.go\n", "sub/gen/a.go": "", "sub/gen/deep/b.go": "",
		"gen/c.go": "",
	}, []string{"gen/c.go", "sub/gen/deep/b.go"}},
	{"ignore and rgignore apply without git", map[string]string{
		".ignore": "*.log\n", ".rgignore": "!keep.log\n", "a.log": "", "keep.log": "", "b.txt": "",
	}, []string{"b.txt", "keep.log"}},
	{"exclude file of the repository", map[string]string{
		".git/info/exclude": "secret*\n", "secret.txt": "", "plain.txt": "",
	}, []string{"plain.txt"}},
	{"nested repository drops outer gitignore", map[string]string{
		".git/": "", ".gitignore": "*.dat\n", "a.dat": "", "inner/.git/": "", "inner/b.dat": "",
	}, []string{"inner/b.dat"}},
	{"hidden names and version control", map[string]string{
		".hidden": "", ".config/x.txt": "", "ok.txt": "", ".git/config": "", ".hg/store": "",
	}, []string{"ok.txt"}},
	{"whitelisted hidden file", map[string]string{
		".ignore": "!.env\n", ".env": "", ".other": "", "a.txt": "",
	}, []string{".env", "a.txt"}},
	{"a file under an excluded directory stays out", map[string]string{
		".git/": "", ".gitignore": "build/\n!build/keep.txt\nout/*\n!out/keep.txt\n",
		"build/keep.txt": "", "build/x.o": "", "out/keep.txt": "", "out/y.o": "",
	}, []string{"out/keep.txt"}},
	{"double-star patterns", map[string]string{
		".git/": "", ".gitignore": "**/tmp\ndocs/**/*.md\nlib/**\na/**/z.txt\n",
		"tmp/1": "", "x/tmp/2": "", "docs/a.md": "", "docs/v/b.md": "", "docs/c.txt": "",
		"lib/q.go": "", "a/z.txt": "", "a/b/c/z.txt": "", "a/b/y.txt": "",
	}, []string{"a/b/y.txt", "docs/c.txt"}},
	{"classes, escapes and spaces", map[string]string{
		".git/": "", ".gitignore": "[a-c]?.o\n[!x]z.bin\n\\#notes\nsp\\ \ntrail   \n",
		"a1.o": "", "d1.o": "", "yz.bin": "", "xz.bin": "", "#notes": "", "sp ": "", "sp": "", "trail": "",
	}, []string{"d1.o", "sp", "xz.bin"}},
	{"anchored and directory-only", map[string]string{
		".git/": "", ".gitignore": "/top.txt\ncache/\nsrc/gen\n",
		"top.txt": "", "sub/top.txt": "", "cache/a": "", "sub/cache/b": "", "cache2": "",
		"src/gen/c.go": "", "x/src/gen/d.go": "",
	}, []string{"cache2", "sub/top.txt", "x/src/gen/d.go"}},
}

func TestWalkFixtures(t *testing.T) {
	for _, tt := range fixtures {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files)
			if got := list(t, root, rgOptions); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWalkMatchesRipgrep checks each fixture against rg --files itself.
func TestWalkMatchesRipgrep(t *testing.T) {
	rg := rgPath(t)
	for _, tt := range fixtures {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files)
			cmd := exec.Command(rg, "--files", "--no-config", "--no-ignore-global")
			cmd.Dir = root
			out, err := cmd.Output()
			if err != nil && len(out) > 0 {
				t.Fatalf("rg: %v", err)
			}
			want := strings.Fields(string(out))
			slices.Sort(want)
			if got := list(t, root, rgOptions); !slices.Equal(got, want) {
				t.Errorf("walk %q, rg %q", got, want)
			}
		})
	}
}

func rgPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("rg")
	if err != nil {
		if os.Getenv("CORVID_REQUIRE_RG") != "" {
			t.Fatal("rg is required (CORVID_REQUIRE_RG) but not on PATH")
		}
		t.Skip("rg not on PATH")
	}
	return p
}

func TestWalkAncestorRules(t *testing.T) {
	root := tree(t, map[string]string{
		".git/": "", ".gitignore": "*.log\nsub/skip/\n", "sub/a.log": "", "sub/b.txt": "", "sub/skip/c.txt": "",
	})
	got := list(t, filepath.Join(root, "sub"), rgOptions)
	// sub/skip is anchored at the repository root, so it still applies.
	if want := []string{"b.txt"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWalkInsideIgnoredDir starts the walk inside a directory that an
// ancestor's rule excludes: like rg, the walk lists it (the root is never
// judged), while the ancestor's other rules still apply below it.
func TestWalkInsideIgnoredDir(t *testing.T) {
	root := tree(t, map[string]string{
		".git/": "", ".gitignore": "sub/skip/\n*.log\n", "sub/skip/c.txt": "", "sub/skip/deep/d.txt": "",
		"sub/skip/e.log": "",
	})
	dir := filepath.Join(root, "sub", "skip")
	want := []string{"c.txt", "deep/d.txt"}
	if got := list(t, dir, rgOptions); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := exec.LookPath("rg"); err != nil {
		return
	}
	cmd := exec.Command("rg", "--files", "--no-config", "--no-ignore-global")
	cmd.Dir = dir
	out, _ := cmd.Output()
	rg := strings.Fields(string(out))
	slices.Sort(rg)
	if !slices.Equal(rg, want) {
		t.Errorf("rg lists %q, the walk %q", rg, want)
	}
}

func TestWalkOptions(t *testing.T) {
	files := map[string]string{
		".git/": "", ".gitignore": "gen/\n*.log\n", "a.go": "", "b.md": "", "x.log": "",
		".hidden.go": "", "gen/c.go": "", "d/e/f.go": "", ".git/HEAD": "",
	}
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"everything", Options{}, []string{".gitignore", ".hidden.go", "a.go", "b.md", "d/e/f.go", "gen/c.go", "x.log"}},
		{"depth", Options{MaxDepth: 1}, []string{".gitignore", ".hidden.go", "a.go", "b.md", "x.log"}},
		// As in rg, a filter's Include (rg --type) also admits hidden files.
		{"filter", Options{Ignore: true, SkipHidden: true, Filter: goOnly},
			[]string{".hidden.go", "a.go", "d/e/f.go"}},
		{"override include beats ignore and hidden", Options{Ignore: true, SkipHidden: true,
			Override: func(rel, name string, isDir bool) Verdict {
				if strings.HasSuffix(name, ".log") || name == ".hidden.go" {
					return Include
				}
				return None
			}}, []string{".hidden.go", "a.go", "b.md", "d/e/f.go", "x.log"}},
		{"override exclude prunes a directory", Options{
			Override: func(rel, name string, isDir bool) Verdict {
				if rel == "d" {
					return Exclude
				}
				return None
			}}, []string{".gitignore", ".hidden.go", "a.go", "b.md", "gen/c.go", "x.log"}},
	}
	root := tree(t, files)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := list(t, root, tt.opts); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func goOnly(name string, isDir bool) Verdict {
	switch {
	case isDir:
		return None
	case strings.HasSuffix(name, ".go"):
		return Include
	}
	return Exclude
}

func TestWalkSkipsSymlinks(t *testing.T) {
	root := tree(t, map[string]string{"real/a.txt": "", "b.txt": ""})
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "b.txt"), filepath.Join(root, "c.txt")); err != nil {
		t.Fatal(err)
	}
	if got, want := list(t, root, Options{}), []string{"b.txt", "real/a.txt"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWalkFileRoot(t *testing.T) {
	root := tree(t, map[string]string{".hidden.log": "", ".ignore": "*.log\n"})
	file := filepath.Join(root, ".hidden.log")
	var got []string
	err := Walk(context.Background(), file, rgOptions, func(path string, _ fs.DirEntry) error {
		got = append(got, path)
		return nil
	})
	if err != nil || !slices.Equal(got, []string{file}) {
		t.Errorf("got %q, %v; want the file itself", got, err)
	}
}

func TestWalkStops(t *testing.T) {
	files := map[string]string{}
	for _, d := range []string{"a", "b", "c", "d"} {
		for _, f := range []string{"1", "2", "3", "4", "5"} {
			files[d+"/"+f+".txt"] = ""
		}
	}
	root := tree(t, files)
	errBoom := errors.New("boom")
	err := Walk(context.Background(), root, Options{}, func(string, fs.DirEntry) error { return errBoom })
	if !errors.Is(err, errBoom) {
		t.Errorf("fn error: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	err = Walk(ctx, root, Options{}, func(string, fs.DirEntry) error {
		once.Do(cancel)
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled walk: got %v", err)
	}
	if err := Walk(context.Background(), filepath.Join(root, "missing"), Options{}, nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing root: got %v", err)
	}
}
