package walk

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gitTree is the tree every differential case is checked on: files, and
// directories ending in "/".
var gitTree = []string{
	"a.log", "b.txt", "c.tmp", "foo", "foo ", "#hash", "!bang", "ab.c", "bb.c", "Xb.c", "1b.c",
	"*.c", ".env", "Makefile", "q7.o",
	"build/out.o", "build/keep.txt", "build/sub/deep.o",
	"src/main.go", "src/gen/x.go", "src/gen/deep/y.go", "src/build", "src/a/b/c/d.txt", "src/.env",
	"docs/a.md", "docs/api/b.md", "docs/api/v1/c.md", "docs/empty/",
	"logs/today.log", "logs/keep/note.txt",
	"foo-dir/bar/baz.txt", "deep/foo/bar/baz.txt", "a/b/foo/x", "a/x/y/b", "a/x/b",
	"x/2024", "x/yz",
}

// gitCases are .gitignore contents (and other ignore files, by path).
var gitCases = []map[string]string{
	{".gitignore": "*.log"},
	{".gitignore": "*.log\n!a.log"},
	{".gitignore": "build/"},
	{".gitignore": "build"},
	{".gitignore": "/build"},
	{".gitignore": "src/build"},
	{".gitignore": "build/\n!build/keep.txt"},
	{".gitignore": "build/*\n!build/keep.txt"},
	{".gitignore": "*.o\n!build/sub/deep.o"},
	{".gitignore": "build/sub\n!build/sub/deep.o"},
	{".gitignore": "gen/"},
	{".gitignore": "src/gen/*.go"},
	{".gitignore": "src/**/*.go"},
	{".gitignore": "**/foo"},
	{".gitignore": "**/foo/bar"},
	{".gitignore": "foo/**"},
	{".gitignore": "docs/**/*.md"},
	{".gitignore": "docs/**/c.md"},
	{".gitignore": "a/**/b"},
	{".gitignore": "a/**/**/x"},
	{".gitignore": "/docs/api/"},
	{".gitignore": "docs/*/"},
	{".gitignore": "*/"},
	{".gitignore": "src/*"},
	{".gitignore": "src/*/"},
	{".gitignore": "[ab]b.c\n[!a]b.c"},
	{".gitignore": "[^a]b.c"},
	{".gitignore": "[a-c]b.c"},
	{".gitignore": "[[:upper:]]b.c\n[[:digit:]]*"},
	{".gitignore": "?b.c"},
	{".gitignore": `\*.c`},
	{".gitignore": "\\#hash\n#foo"},
	{".gitignore": "\\!bang\n!b.txt"},
	{".gitignore": "foo\\ "},
	{".gitignore": "foo   "},
	{".gitignore": "*\n!*.go\n!*/"},
	{".gitignore": "/*\n!/src"},
	{".gitignore": "**"},
	{".gitignore": "d*p/"},
	{".gitignore": "deep/**/baz.txt\n**/bar/*"},
	{".gitignore": ".env"},
	{".gitignore": "/.env"},
	{".gitignore": "x/[[:digit:]]*\nq?.[oa]"},
	{".gitignore": "a**b\na/*/y"},
	{".gitignore": "Makefile\r\n*.md\r\n"},
	{".gitignore": "*.log", "logs/.gitignore": "!today.log"},
	{".gitignore": "*.go", "src/.gitignore": "!main.go\ngen/\n/a"},
	{".gitignore": "docs/api/", "docs/.gitignore": "!api/"},
	{"docs/.gitignore": "*.md\n!/api/b.md", "src/.gitignore": "/build\n**/d.txt"},
	{".gitignore": "!*.txt", ".git/info/exclude": "*.txt\nsrc/"},
	{".git/info/exclude": "*.md", "docs/api/.gitignore": "!b.md"},
}

// TestRulesMatchGit compares the package's verdicts with
// `git check-ignore` on every case: a path is ignored if a rule excludes
// it or any directory above it.
func TestRulesMatchGit(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not on PATH")
	}
	for i, files := range gitCases {
		root := t.TempDir()
		run(t, root, gitBin, "init", "-q")
		for _, p := range gitTree {
			writeEntry(t, root, p, "")
		}
		for p, content := range files {
			writeEntry(t, root, p, content+"\n")
		}
		paths := treePaths(files)
		want := gitIgnored(t, root, gitBin, paths)
		var got []string
		for _, p := range paths {
			if ignoredBelow(root, p) {
				got = append(got, p)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("case %d %q:\n ours %q\n git  %q", i, files, got, want)
		}
	}
}

// ignoredBelow applies the ruleSet of each directory from root down to the
// slash path rel, as the walk does, and reports whether rel or a
// directory above it is excluded.
func ignoredBelow(root, rel string) bool {
	rs := (&ruleSet{}).child(root)
	dir := root
	parts := strings.Split(rel, "/")
	for i, name := range parts {
		p := filepath.Join(dir, name)
		info, err := os.Lstat(p)
		if err != nil {
			return false
		}
		if rs.match(p, info.IsDir()) == Exclude {
			return true
		}
		if i < len(parts)-1 {
			rs, dir = rs.child(p), p
		}
	}
	return false
}

// treePaths is every file and directory of the tree and of the case's
// ignore files (outside .git), sorted, without trailing slashes.
func treePaths(files map[string]string) []string {
	seen := map[string]bool{}
	add := func(p string) {
		p = strings.TrimSuffix(p, "/")
		for ; p != "." && !strings.HasPrefix(p, ".git/"); p = filepath.Dir(p) {
			seen[p] = true
		}
	}
	for _, p := range gitTree {
		add(p)
	}
	for p := range files {
		add(p)
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// gitIgnored runs git check-ignore on paths in an environment without
// user or system configuration, and returns the ignored ones, sorted.
func gitIgnored(t *testing.T, root, gitBin string, paths []string) []string {
	t.Helper()
	cmd := exec.Command(gitBin, "-c", "core.ignorecase=false", "-c", "core.excludesFile=",
		"check-ignore", "--stdin", "-z")
	cmd.Dir = root
	cmd.Env = gitEnv(t)
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	out, err := cmd.Output()
	if err != nil && len(out) > 0 {
		t.Fatalf("git check-ignore: %v", err)
	}
	var got []string
	for p := range strings.SplitSeq(string(out), "\x00") {
		if p != "" {
			got = append(got, p)
		}
	}
	slices.Sort(got)
	return got
}

func gitEnv(t *testing.T) []string {
	home := t.TempDir()
	return append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, "none"))
}

func run(t *testing.T, dir, bin string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = gitEnv(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %q: %v\n%s", bin, args, err, out)
	}
}

// writeEntry creates the slash path rel under root: a directory if it
// ends in "/", else a file holding content.
func writeEntry(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if strings.HasSuffix(rel, "/") {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
