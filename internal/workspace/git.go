package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxStatusChars caps the status text kept in Git.Status.
const MaxStatusChars = 2000

// Git is a snapshot of a repository, taken once when a conversation starts.
type Git struct {
	IsRepo          bool
	Branch          string // current branch, or the short commit hash when detached
	DefaultBranch   string // origin's HEAD target, else main or master when present
	User            string // git config user.name
	Status          string // git status --short, cut at MaxStatusChars with a note
	Log             string // the last five commits, one line each
	StatusTruncated bool
}

// The git commands GitFacts runs, all at once. They are few on purpose:
// each git process costs one to two milliseconds to start, and the first
// request waits for the slowest. The branch comes from status's header
// line, a detached HEAD's hash from the log, and origin's HEAD from
// for-each-ref's %(symref).
var gitQueries = [...][]string{
	qStatus: {"status", "--short", "--branch"},
	qRefs: {"for-each-ref", "--format=%(refname) %(symref)", "refs/remotes/origin/HEAD",
		"refs/heads/main", "refs/heads/master", "refs/remotes/origin/main", "refs/remotes/origin/master"},
	qLog:  {"log", "--oneline", "-n", "5"},
	qUser: {"config", "user.name"},
}

const (
	qStatus = iota
	qRefs
	qLog
	qUser
)

// GitFacts gathers the facts of the repository containing dir. A
// directory outside any repository is recognised without running git.
// The commands run in parallel, each under its own timeout; a command that
// fails leaves its field empty, and a failing status means no repository.
func GitFacts(ctx context.Context, dir string) Git {
	if !InsideRepo(dir) {
		return Git{}
	}
	var out [len(gitQueries)]gitResult
	var wg sync.WaitGroup
	for i, args := range gitQueries {
		wg.Go(func() { out[i] = runGit(ctx, dir, args) })
	}
	wg.Wait()
	if !out[qStatus].ok {
		return Git{}
	}
	g := Git{IsRepo: true, Log: out[qLog].text, User: out[qUser].text}
	header, status := splitStatusHeader(out[qStatus])
	g.Branch = branchOf(header, out[qLog].text)
	g.DefaultBranch = defaultBranch(out[qRefs].text)
	g.Status, g.StatusTruncated = capStatus(status)
	return g
}

// splitStatusHeader separates the "## branch..." line of
// `status --branch` from the short status lines.
func splitStatusHeader(r gitResult) (string, gitResult) {
	first, rest, _ := strings.Cut(r.text, "\n")
	if !strings.HasPrefix(first, "## ") {
		return "", r
	}
	r.text = rest
	return strings.TrimPrefix(first, "## "), r
}

// branchOf reads the branch from status's header: "main...origin/main
// [ahead 1]", "No commits yet on main", or "HEAD (no branch)" when
// detached, where the newest commit's short hash stands in.
func branchOf(header, log string) string {
	switch {
	case strings.HasPrefix(header, "HEAD (no branch)"):
		hash, _, _ := strings.Cut(log, " ")
		return hash
	case strings.HasPrefix(header, "No commits yet on "):
		return strings.TrimPrefix(header, "No commits yet on ")
	case strings.HasPrefix(header, "Initial commit on "): // older git
		return strings.TrimPrefix(header, "Initial commit on ")
	}
	name, _, _ := strings.Cut(header, "...")
	name, _, _ = strings.Cut(name, " ")
	return name
}

// InsideRepo looks for a .git entry in dir and its ancestors, as git
// does, without running git.
func InsideRepo(dir string) bool {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// defaultBranch reads for-each-ref's "refname symref" lines: origin's
// HEAD target when set, else main, else master.
func defaultBranch(refs string) string {
	var have []string
	for line := range strings.Lines(refs) {
		name, target, _ := strings.Cut(strings.TrimSpace(line), " ")
		if name == "refs/remotes/origin/HEAD" && target != "" {
			return strings.TrimPrefix(target, "refs/remotes/origin/")
		}
		have = append(have, name)
	}
	for _, name := range []string{"main", "master"} {
		if slices.Contains(have, "refs/heads/"+name) || slices.Contains(have, "refs/remotes/origin/"+name) {
			return name
		}
	}
	return ""
}

// capStatus cuts the status text to MaxStatusChars characters and adds a
// note saying how to see all of it.
func capStatus(r gitResult) (string, bool) {
	if utf8.RuneCountInString(r.text) <= MaxStatusChars && !r.cut {
		return r.text, false
	}
	s := r.text
	if n := utf8.RuneCountInString(s); n > MaxStatusChars {
		i := 0
		for range MaxStatusChars {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
		s = s[:i]
	}
	return s + fmt.Sprintf("\n... (status cut at %d characters; run \"git status\" with the Bash tool to see the rest)",
		MaxStatusChars), true
}

// Render states the facts as a short block of text; "" outside a
// repository.
func (g Git) Render() string {
	if !g.IsRepo {
		return ""
	}
	var b strings.Builder
	b.WriteString("Git state when this conversation began (a snapshot; it is not updated as work goes on).\n")
	line := func(label, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s: %s\n", label, v)
		}
	}
	line("Current branch", g.Branch)
	line("Default branch (the usual base for pull requests)", g.DefaultBranch)
	line("Git user", g.User)
	b.WriteString("\nStatus:\n" + orNone(g.Status, "(clean)"))
	b.WriteString("\n\nRecent commits:\n" + orNone(g.Log, "(none yet)"))
	return b.String()
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
