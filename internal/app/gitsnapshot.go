package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"corvid/internal/workspace"
)

// gitTimeout bounds gathering the git facts.
const gitTimeout = 3 * time.Second

// defaultGitBudget is how long the first request waits for the git
// snapshot once everything else is ready (CORVID_GIT_BUDGET_MS). In a
// repository whose index was never refreshed, such as a fresh clone,
// `git status` re-reads every file and would hold up the first request;
// past the budget the conversation starts with a snapshot that says it is
// partial.
const defaultGitBudget = 10 * time.Millisecond

// gitSnapshot is the git facts being gathered in the background. The git
// commands run without optional locks (they never rewrite the index) and
// are stopped when the budget runs out, so nothing outlives the wait.
type gitSnapshot struct {
	dir    string
	done   chan workspace.Git
	cancel context.CancelFunc
	once   sync.Once
	facts  workspace.Git
	ok     bool
}

// startGit starts gathering the git facts of dir; the git commands are
// the slowest part of starting a conversation, so they run while
// everything else is set up.
func startGit(dir string) *gitSnapshot {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	g := &gitSnapshot{dir: dir, done: make(chan workspace.Git, 1), cancel: cancel}
	go func() { g.done <- workspace.GitFacts(ctx, dir) }()
	return g
}

// wait returns the facts, or ok false when they were not ready within
// budget; then it stops the git commands and waits for them to end.
func (g *gitSnapshot) wait(budget time.Duration) (workspace.Git, bool) {
	g.once.Do(func() {
		timer := time.NewTimer(budget)
		defer timer.Stop()
		select {
		case g.facts = <-g.done:
			g.ok = true
		case <-timer.C:
			g.cancel()
			<-g.done
		}
		g.cancel()
	})
	return g.facts, g.ok
}

// gitBudget reads CORVID_GIT_BUDGET_MS (0: do not wait at all).
func gitBudget(env environment) time.Duration {
	if env.str("CORVID_GIT_BUDGET_MS") == "" {
		return defaultGitBudget
	}
	return time.Duration(env.int("CORVID_GIT_BUDGET_MS")) * time.Millisecond
}

// partialGit is the opening note when the snapshot missed its budget.
func partialGit(budget time.Duration) string {
	return fmt.Sprintf("Git state when this conversation began: partial. This directory is in a git "+
		"repository, but git took longer than %d ms at start-up (as in a freshly cloned repository), so "+
		"its branch, status and recent commits were not gathered; run git status and git log with the "+
		"Bash tool when you need them.", budget.Milliseconds())
}
