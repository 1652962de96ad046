package permission

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// refResolveIn is resolveIn as it was before its shortcuts: the path
// split into a list, every join cleaning the whole path, every component
// offered to procStep.
func refResolveIn(done, p, selfCwd string) (string, error) {
	todo := strings.Split(p, "/")
	links, missing := 0, false
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		if next, ok, err := refProcStep(done, c, selfCwd); ok {
			if err != nil {
				return "", err
			}
			done = next
			continue
		}
		next := filepath.Join(done, c)
		if missing {
			done = next
			continue
		}
		fi, err := os.Lstat(next)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			missing = err != nil
			done = next
			continue
		}
		if links++; links > maxLinks {
			return "", errLinkLoop
		}
		dest, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(dest) {
			done = "/"
		}
		todo = append(strings.Split(dest, "/"), todo...)
	}
	return done, nil
}

// refProcStep is procStep as it was before its early return for paths
// outside /proc: every case tried on every component.
func refProcStep(done, c, selfCwd string) (string, bool, error) {
	switch {
	case done == "/proc" && (c == "self" || c == "thread-self"):
		return procSelf, true, nil
	case done == procSelf && c == "root":
		return "/", true, nil
	case done == procSelf && c == "cwd" && selfCwd != "":
		return selfCwd, true, nil
	case isProcessDir(done) && procLinks[c],
		isProcessDir(filepath.Dir(done)) && procLinkDirs[filepath.Base(done)]:
		return "", true, fmt.Errorf("%w (%s/%s)", errProcLink, done, c)
	case done == procSelf || strings.HasPrefix(done, procSelf+"/"):
		return done + "/" + c, true, nil
	}
	return "", false, nil
}

// TestResolveShortcuts checks resolveIn's shortcuts (joining by
// concatenation, skipping procStep outside /proc, not re-cleaning a clean
// path) against the plain walk, on links inside and out, dangling links,
// "..", /proc's magic links and unclean spellings (fails if a shortcut
// resolves any of them elsewhere).
func TestResolveShortcuts(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "a/b/c"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "out"), 0o755))
	must(os.Symlink("../out", filepath.Join(root, "a/up")))
	must(os.Symlink(filepath.Join(root, "a/b"), filepath.Join(root, "abs")))
	must(os.Symlink("nowhere/x", filepath.Join(root, "a/dangling")))
	must(os.Symlink("loop", filepath.Join(root, "loop")))
	must(os.Symlink("/proc/self/cwd", filepath.Join(root, "self-cwd")))
	rels := []string{"", ".", "a", "a/b/c", "a/up", "a/up/f", "a/up/../b", "abs/c/../../x", "a/dangling",
		"a/dangling/y", "loop", "loop/z", "self-cwd", "self-cwd/q", "a//b/./c/", "a/b/../../..", "missing/../a/up",
		"../" + filepath.Base(root) + "/a/up"}
	bases := []string{"/", root, filepath.Join(root, "a"), "/proc", "/proc/self", "/proc/1"}
	for _, base := range bases {
		for _, rel := range append(rels, "self/cwd/x", "self/root"+root+"/a/up", "1/fd/0", "self/task/1/cwd", "thread-self/fd") {
			for _, self := range []string{"", root} {
				got, gerr := resolveIn(base, rel, self)
				want, werr := refResolveIn(base, rel, self)
				if got != want || fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Errorf("resolveIn(%q, %q, %q) = %q, %v; the plain walk gives %q, %v", base, rel, self, got, gerr, want, werr)
				}
			}
		}
	}
}

// TestCleanAbs checks isCleanAbs and joinName against filepath.Clean and
// filepath.Join (fails if either shortcut keeps a path Clean changes).
func TestCleanAbs(t *testing.T) {
	paths := []string{"/", "//", "/a", "/a/", "/a//b", "/a/./b", "/a/../b", "/.", "/..", "/a/.", "/a/..", "/.a",
		"/a/.b/..c", "/...", "a", "", ".", "/a/b/c.txt", "/a/b/c/", "///a"}
	for _, p := range paths {
		want := p != "" && filepath.Clean(p) == p && filepath.IsAbs(p)
		if got := isCleanAbs(p); got != want {
			t.Errorf("isCleanAbs(%q) = %v, want %v", p, got, want)
		}
		if p != "" {
			if got, want := cleanAbs(p), filepath.Clean(p); got != want {
				t.Errorf("cleanAbs(%q) = %q, want %q", p, got, want)
			}
		}
	}
	for _, dir := range []string{"/", "/a", "/a/b", "a", "."} {
		for _, name := range []string{"x", ".x", "..x", "x y"} {
			if got, want := joinName(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("joinName(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}

// refProtectedReason is protectedReason as it was: the path split into
// a list first.
func refProtectedReason(p string) string {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range segs {
		folded := strings.ToLower(s)
		last := i == len(segs)-1
		switch {
		case folded == ".claude" && !last && strings.ToLower(segs[i+1]) == "worktrees":
			continue
		case slices.Contains(protectedDirs, folded):
			return "it is inside the protected directory " + s
		case folded == ".config" && !last && strings.ToLower(segs[i+1]) == "git":
			return "it is inside the protected directory .config/git"
		case last && slices.Contains(protectedFiles, folded):
			return s + " is a protected file"
		}
	}
	return ""
}

// TestProtectedReasonWalk checks protectedReason's walk over the path
// against the split list (fails if a segment, its successor or the last
// one is read differently).
func TestProtectedReasonWalk(t *testing.T) {
	paths := []string{"/", "", "/a", "/a/.git", "/a/.git/config", "/a/.GIT/x", "/.claude/worktrees/wt/a.go",
		"/.claude/worktrees", "/.claude", "/x/.claude/settings.json", "/.Claude/WorkTrees/x/.git/h",
		"/h/.config/git/config", "/h/.config/Git", "/h/.config", "/h/.config/gitx", "/h/.bashrc", "/h/.bashrc/x",
		"/h/.BASHRC", "//a//.git", "/a/", "/a/.vscode/", "/p/lefthoo\u212a.yml", "/p/lefthooK.yml", "/.mcp.json",
		"/x/.claude/worktrees/.git", "/x/.config/git/.claude", "/tmp/BenchmarkDecision1615555762/001/repo/.Git/x",
		"/a/GRADLE-WRAPPER.PROPERTIES", "/a/gradle-wrapper.propertiesx", "/a/.CLAUDE/WORKTREES/x", "/a/.claude/worktreesxxxxxxxxxxxxxxxxxxxxxxxxxx/.git",
		"/a/.config/GIT", "/a/.Kconfig", "/a/lefthooK.yaml", "/a/LEFTHOOK.YAML", "/a/KKKKKKKKKK.git",
		"/a/.bash_profile/.BASH_PROFILE", "/a/.vscode", "/a/.vscodeX", "/a/" + strings.Repeat("X", 40) + "/.idea"}
	for _, p := range paths {
		if got, want := protectedReason(p), refProtectedReason(p); got != want {
			t.Errorf("protectedReason(%q) = %q, the split list gives %q", p, got, want)
		}
	}
}

// TestWithinShortcut checks within's byte checks against the plain
// prefix test (fails if a cheap check rejects a path below dir or
// accepts one beside it).
func TestWithinShortcut(t *testing.T) {
	ref := func(dir, p string) bool {
		if dir == "/" {
			return strings.HasPrefix(p, "/")
		}
		return p == dir || (strings.HasPrefix(p, dir) && len(p) > len(dir) && p[len(dir)] == '/')
	}
	dirs := []string{"/", "", "/a", "/a/b", "/w/proj", "/w/proj-evil", "/w/pro", "a"}
	paths := []string{"/", "", "/a", "/a/", "/a/b", "/a/bc", "/ab", "/w/proj", "/w/proj/x", "/w/proj-evil/x",
		"/w/projx", "/w/pro/j", "/w/prok", "a", "a/b", "ab", "/b/a"}
	for _, d := range dirs {
		for _, p := range paths {
			if got, want := within(d, p), ref(d, p); got != want {
				t.Errorf("within(%q, %q) = %v, want %v", d, p, got, want)
			}
		}
	}
}

// TestJoinFrom checks that a join taken from the written path is the
// join built (fails if a prefix of the wrong length or place is taken).
func TestJoinFrom(t *testing.T) {
	wholes := []string{"", "/", "/a", "/a/b", "/a/bc/d", "/ab/c", "./x", "x/y", "/a//b"}
	dirs := []string{"/", "/a", "/a/b", "/ab", ".", "x", ""}
	names := []string{"a", "b", "bc", "c", "x", "y", "d"}
	for _, w := range wholes {
		for _, d := range dirs {
			for _, n := range names {
				if got, want := joinFrom(w, d, n), filepath.Join(d, n); got != want {
					t.Errorf("joinFrom(%q, %q, %q) = %q, want %q", w, d, n, got, want)
				}
			}
		}
	}
}
