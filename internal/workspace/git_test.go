package workspace

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes a repository on branch "work" whose user is "Test Person",
// with commits commits, isolated from the machine's git configuration.
func gitRepo(t *testing.T, commits int) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "work")
	git(t, dir, "config", "user.name", "Test Person")
	git(t, dir, "config", "user.email", "test@example.invalid")
	for i := range commits {
		write(t, dir, "f.txt", fmt.Sprint(i))
		git(t, dir, "add", "f.txt")
		git(t, dir, "commit", "-q", "-m", fmt.Sprintf("commit number %d", i))
	}
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestGitFacts(t *testing.T) {
	dir := gitRepo(t, 7)
	write(t, dir, "untracked.txt", "x")
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	g := GitFacts(context.Background(), sub)
	if !g.IsRepo || g.Branch != "work" || g.User != "Test Person" || g.DefaultBranch != "" {
		t.Fatalf("facts %+v", g)
	}
	if g.Status != "?? ../untracked.txt" || g.StatusTruncated {
		t.Errorf("status %q truncated %v", g.Status, g.StatusTruncated)
	}
	lines := strings.Split(g.Log, "\n")
	if len(lines) != 5 || !strings.HasSuffix(lines[0], "commit number 6") ||
		!strings.HasSuffix(lines[4], "commit number 2") {
		t.Errorf("log %q", g.Log)
	}
	r := g.Render()
	for _, want := range []string{"Current branch: work", "Git user: Test Person", "?? ../untracked.txt", "commit number 6"} {
		if !strings.Contains(r, want) {
			t.Errorf("Render lacks %q:\n%s", want, r)
		}
	}
	if strings.Contains(r, "Default branch") {
		t.Errorf("Render shows an unknown default branch:\n%s", r)
	}
}

func TestGitDefaultBranchAndDetached(t *testing.T) {
	dir := gitRepo(t, 2)
	git(t, dir, "branch", "master")
	if g := GitFacts(context.Background(), dir); g.DefaultBranch != "master" {
		t.Errorf("with master: default %q", g.DefaultBranch)
	}
	git(t, dir, "branch", "main")
	if g := GitFacts(context.Background(), dir); g.DefaultBranch != "main" {
		t.Errorf("with main and master: default %q", g.DefaultBranch)
	}
	git(t, dir, "update-ref", "refs/remotes/origin/trunk", "HEAD")
	git(t, dir, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
	if g := GitFacts(context.Background(), dir); g.DefaultBranch != "trunk" {
		t.Errorf("with origin/HEAD: default %q", g.DefaultBranch)
	}
	git(t, dir, "checkout", "-q", "--detach")
	hash := git(t, dir, "rev-parse", "--short", "HEAD")
	if g := GitFacts(context.Background(), dir); g.Branch != hash {
		t.Errorf("detached: branch %q, want %q", g.Branch, hash)
	}
}

func TestGitUnbornAndStatusCap(t *testing.T) {
	dir := gitRepo(t, 0)
	for i := range 100 {
		write(t, dir, fmt.Sprintf("a-rather-long-untracked-file-name-%03d.txt", i), "x")
	}
	g := GitFacts(context.Background(), dir)
	if !g.IsRepo || g.Branch != "work" || g.Log != "" {
		t.Fatalf("unborn repo facts %+v", g)
	}
	body, note, ok := strings.Cut(g.Status, "\n... (")
	if !g.StatusTruncated || !ok || len(body) != MaxStatusChars || !strings.Contains(note, "git status") {
		t.Errorf("truncated %v, body %d chars, note %q", g.StatusTruncated, len(body), note)
	}
	if !strings.HasPrefix(body, "?? a-rather-long-untracked-file-name-000.txt\n") {
		t.Errorf("status starts %q", body[:60])
	}
	if r := g.Render(); !strings.Contains(r, "(none yet)") {
		t.Errorf("Render of an unborn repo:\n%s", r)
	}
}

func TestGitNotARepo(t *testing.T) {
	dir := t.TempDir()
	if InsideRepo(dir) {
		t.Skip("the temp dir is inside a git repository")
	}
	g := GitFacts(context.Background(), dir)
	if g != (Git{}) || g.Render() != "" {
		t.Errorf("non-repo facts %+v", g)
	}
}

func TestCappedBuffer(t *testing.T) {
	c := &cappedBuffer{limit: 5}
	for _, s := range []string{"abc", "defg", "h"} {
		if n, err := c.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if string(c.buf) != "abcde" || !c.cut {
		t.Errorf("buffer %q cut %v", c.buf, c.cut)
	}
}

func BenchmarkGitFacts(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	dir, _ := os.Getwd() // the corvid checkout, when it is a repository
	for b.Loop() {
		_ = GitFacts(context.Background(), dir)
	}
}

func BenchmarkGitFactsNotARepo(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		if GitFacts(context.Background(), dir).IsRepo {
			b.Fatal("temp dir taken for a repository")
		}
	}
}
