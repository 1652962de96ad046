package shell

import (
	"strings"
	"testing"
)

// TestGitSubcommandOptions: each read-only git subcommand accepts only
// the options its entry lists; any other option makes the call not
// read-only, and the reason names it.
func TestGitSubcommandOptions(t *testing.T) {
	cases := []struct {
		cmd string
		why string // "" when read-only
	}{
		{"git status -s", ""}, {"git status --short", ""}, {"git status --porcelain", ""},
		{"git status --porcelain=v2 -b", ""}, {"git status -sb", ""}, {"git status -uno", ""},
		{"git log --oneline -n 5 --graph --stat -p --format=%h%x09%s", ""}, {"git log -5 --decorate", ""},
		{"git log --author=x --since=2.weeks -- a.go", ""}, {"git log -L 1,10:a.go", ""},
		{"git diff --stat --cached --name-only HEAD~1 -- path", ""}, {"git diff -M50% HEAD", ""},
		{"git diff --word-diff=color -U3 a b", ""}, {"git show HEAD:file", ""}, {"git show --stat HEAD", ""},
		{"git blame -L 1,10 file", ""}, {"git rev-parse --show-toplevel", ""}, {"git rev-parse --short HEAD", ""},
		{"git ls-files", ""}, {"git ls-files -z --others --exclude-standard", ""}, {"git branch --show-current", ""},
		{"git branch -a", ""}, {"git branch -v", ""}, {"git branch -av", ""}, {"git remote -v", ""},
		{"git -C sub status", ""}, {"git shortlog -sn", ""}, {"git grep -n foo -- '*.go'", ""},
		{"git tag -l 'v*'", ""}, {"git stash list", ""}, {"git worktree list", ""}, {"git --no-pager log", ""},

		{"git diff --output=/tmp/x", "git diff option --output=/tmp/x"},
		{"git log --output /tmp/x", "git log option --output"},
		{"git show --output=x HEAD", "git show option --output=x"},
		{"git diff --ext-diff", "git diff option --ext-diff"},
		{"git log -p --textconv", "git log option --textconv"},
		{"git blame --textconv a", "git blame option --textconv"},
		{"git cat-file --textconv HEAD:a", "git cat-file option --textconv"},
		{"git cat-file --filters HEAD:a", "git cat-file option --filters"},
		{"git grep -O x", "git grep option -O"},
		{"git grep --open-files-in-pager=vi x", "git grep option --open-files-in-pager=vi"},
		{"git log --show-signature", "git log option --show-signature"},
		{"git log --format='%G? %h'", "runs gpg"},
		{"git log --help", "git log option --help"},
		{"git diff --out=x", "git diff option --out=x"}, // git's abbreviations are not accepted
		{"git status --foo", "git status option --foo"},
		{"git -c core.pager=x log", "git -c"},
		{"git --config-env=core.pager=X log", "git option --config-env=core.pager=X"},
		{"git --exec-path=/tmp log", "git option --exec-path=/tmp"},
		{"git --help", "git option --help"},
		{"git branch newbranch", "git branch newbranch creates a ref"},
		{"git branch -D old", "git branch option -D"},
		{"git branch --set-upstream-to=x", "git branch option --set-upstream-to=x"},
		{"git tag v1.0", "git tag v1.0 creates a ref"},
		{"git tag -v v1.0", "git tag option -v"},
		{"git remote add x y", "git remote add"},
		{"git format-patch -1", "git format-patch is not a read-only git subcommand"},
		{"git stash pop", "git stash without list or show"},
		{"git reflog expire --all", "git reflog expire"},
		{"git rev-parse --parseopt", "git rev-parse option --parseopt"},
		{"git diff --submodule=diff", "git diff option --submodule=diff"}, // runs git in the submodules' repositories
		{"git ls-files --recurse-submodules", "git ls-files option --recurse-submodules"},
		{"git grep --recurse-submodules x", "git grep option --recurse-submodules"},
	}
	for _, tc := range cases {
		a, err := Parse(tc.cmd)
		if err != nil {
			t.Fatalf("%q: %v", tc.cmd, err)
		}
		c := a.Commands[0]
		why := c.Why()
		if ro := c.ReadOnly(); ro != (tc.why == "") {
			t.Errorf("%q: read-only %v (%q), want %v", tc.cmd, ro, why, tc.why == "")
			continue
		}
		if tc.why != "" && !strings.Contains(why, tc.why) {
			t.Errorf("%q: reason %q does not name %q", tc.cmd, why, tc.why)
		}
	}
}

// TestGitSubcommandFiles: file-naming options of git subcommands are
// returned for path checks.
func TestGitSubcommandFiles(t *testing.T) {
	for cmd, want := range map[string]string{
		"git grep -f /etc/pats x":               "/etc/pats",
		"git ls-files --exclude-from=/etc/x":    "/etc/x",
		"git blame -S /etc/revs a":              "/etc/revs",
		"git diff -O/etc/order":                 "/etc/order",
		"git blame --contents /etc/passwd a.go": "/etc/passwd",
	} {
		a, err := Parse(cmd)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range a.Commands[0].OptionFiles() {
			got = append(got, f.Value.Text)
		}
		if !strings.Contains(strings.Join(got, " "), want) {
			t.Errorf("%q: option files %v, want %s", cmd, got, want)
		}
	}
}
