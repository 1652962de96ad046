package permission

import "testing"

// TestGitOptionsPositiveList: git's read-only subcommands run with no
// rule only with the options the command table lists; an option that
// writes a file, runs a configured program or sets configuration asks,
// and the reason names it. Every case also runs under real bash through
// the differential oracle.
func TestGitOptionsPositiveList(t *testing.T) {
	checkClassWith(t, overAskWorld(t, false), nil, []classCase{
		{"git status -s", true, "read-only"},
		{"git status --porcelain -b", true, "read-only"},
		{"git log --oneline -n 5 --graph --stat -p --format=%h", true, "read-only"},
		{"git diff --stat --cached --name-only HEAD~1 -- a.go", true, "read-only"},
		{"git show HEAD:a.go", true, "read-only"},
		{"git blame -L 1,10 a.go", true, "read-only"},
		{"git rev-parse --show-toplevel", true, "read-only"},
		{"git branch --show-current", true, "read-only"},
		{"git remote -v", true, "read-only"},
		{"git -C sub status", true, "read-only"},
		{"git diff --output=/tmp/x", false, "write to /tmp/x"},
		{"git log --output=x", false, "git log option --output=x"},
		{"git diff --ext-diff", false, "git diff option --ext-diff"},
		{"git log -p --textconv", false, "git log option --textconv"},
		{"git grep -O x", false, "git grep option -O"},
		{"git -c core.pager=x log", false, "git -c"},
		{"git --config-env=core.pager=X log", false, "--config-env"},
		{"git --exec-path=/tmp log", false, "--exec-path"},
		{"git branch newbranch", false, "creates a ref"},
		{"git tag v1", false, "creates a ref"},
	})
}
