package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func gitRepoForTest(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q", "-b", "work"}, {"config", "user.name", "T"},
		{"config", "user.email", "t@example.invalid"}, {"commit", "-q", "--allow-empty", "-m", "first"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

// Within the budget the snapshot is whole; past it (budget 0 and a git
// that cannot have answered yet) the opening says it is partial, the
// environment still knows it is a repository, and no git process is
// left running.
func TestGitSnapshotBudget(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	dir := gitRepoForTest(t)
	env := environment(func(k string) string { return map[string]string{"CORVID_GIT_BUDGET_MS": "60000"}[k] })
	f, _ := gatherFacts(Options{Cwd: dir}, env, time.Now(), startGit(dir))
	if !f.git.IsRepo || f.git.Branch != "work" || f.gitNote != "" {
		t.Fatalf("whole snapshot: %+v note %q", f.git, f.gitNote)
	}

	// A git that sleeps first can never beat a zero budget.
	bin := t.TempDir()
	slow := "#!/bin/sh\nsleep 5\nexec " + mustLook(t, "git") + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(slow), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	env = func(k string) string { return map[string]string{"CORVID_GIT_BUDGET_MS": "0"}[k] }
	start := time.Now()
	f, _ = gatherFacts(Options{Cwd: dir}, env, start, startGit(dir))
	if took := time.Since(start); took > 4*time.Second {
		t.Fatalf("the first request waited %v for a slow git", took)
	}
	if f.git.IsRepo || !strings.Contains(f.gitNote, "partial") || !f.env.IsGitRepo {
		t.Fatalf("partial snapshot: git %+v note %q env.IsRepo %v", f.git, f.gitNote, f.env.IsGitRepo)
	}
	if !strings.Contains(strings.Join(f.opening(), "\n"), "Git state when this conversation began: partial") {
		t.Fatalf("opening %q", f.opening())
	}
}

func mustLook(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skip(name + " not installed")
	}
	return p
}
