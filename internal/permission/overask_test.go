package permission

import (
	"os"
	"testing"
)

// overAskWorld is the scratch world with Go files, a sub-directory two
// levels deep and, unless links is set, no link leading outside.
func overAskWorld(t *testing.T, links bool) kernelPathWorld {
	t.Helper()
	w := newKernelPathWorld(t)
	if !links {
		if err := os.Remove(w.repo + "/ext-link"); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"sub/deeper", "nested/.git"} {
		if err := os.MkdirAll(w.repo+"/"+d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a.go", "b.go", "a.txt", "sub/c.go"} {
		if err := os.WriteFile(w.repo+"/"+f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// TestNoOverAsking: issue 9's harmless forms run in default mode with
// no rule at all when their paths stay inside the workspace, and their
// unsafe neighbours ask with a reason naming the unsafe part. Every
// case also runs under real bash through the differential oracle.
func TestNoOverAsking(t *testing.T) {
	w := overAskWorld(t, false)
	checkClassWith(t, w, nil, []classCase{
		{"git -C sub status", true, "read-only"},
		{"git -C sub log --oneline", true, "read-only"},
		{"git -C sub -C deeper diff --stat", true, "read-only"},
		{"git -C .. status", false, "git -C"},
		{"git -C nested status", false, "git -C"},
		{"git -C $D status", false, "$D"},
		{"git -C sub -c core.pager=x log", false, "not read-only"},
		{"find . -name '*.go' | xargs wc -l", true, "read-only"},
		{"find sub -type f -print0 | xargs -0 grep -l x", true, "read-only"},
		{"find . -name '*.go' | xargs -n 1 head -1", true, "read-only"},
		{"find . -printf '/etc/passwd\\n' | xargs cat", false, "only known at run time"},
		{"ls | xargs cat", false, "only known at run time"},
		{"find / -name x | xargs cat", false, "outside the working directories"},
		{"find . | xargs -I{} cat {}", false, "not read-only"},
		{"find . -name '*.go' | xargs rm", false, "xargs"},
		{"awk '{print $1}' a.txt", true, "read-only"},
		{"awk -F: 'NR>1 { n++ } END { print n }' a.txt", true, "read-only"},
		{"awk '/x|y/ { if ($1 > 2) print $2 }' a.txt", true, "read-only"},
		{"awk '{print > \"x\"}' a.txt", false, "redirection"},
		{"awk 'BEGIN{system(\"touch X\")}'", false, "system"},
		{"awk '{ \"date\" | getline d }' a.txt", false, "getline"},
		{"awk '{print | \"sh\"}' a.txt", false, "pipes"},
		{"awk 'BEGIN{ARGV[1]=\"/etc/passwd\"; ARGC=2} {print}'", false, "ARGV"},
		{"awk -f prog.awk a.txt", false, "not in the command table"},
		{"awk '{ x ~ /}/; print > \"f\"; y ~ /{/ }' a.txt", false, "awk program"},
		{"awk '{print}' " + w.home + "/.bashrc", false, "outside the working directories"},
		{"for f in *.go; do wc -l \"$f\"; done", true, "read-only"},
		{"for f in a.txt sub/c.go; do head -1 \"$f\"; done", true, "read-only"},
		{"for f in *.go; do wc -l \"$f\"; f=/etc/passwd; done", false, "only known at run time"},
		{"for f in " + w.home + "/*; do cat \"$f\"; done", false, "outside the working directories"},
		{"cat \"$f\"; for f in *.go; do :; done", false, "only known at run time"},
		{"for f in *.go; do eval 'f=/etc/passwd'; cat \"$f\"; done", false, "eval"},
		{"while read l; do echo \"$l\"; done < a.txt", true, "read-only"},
		{"while read -r l; do wc -l a.txt; done < a.txt", true, "read-only"},
		{"while read PATH; do ls; done < a.txt", false, "not read-only"},
		{"while read l; do cat \"$l\"; done < a.txt", false, "only known at run time"},
		{"git config --local --list", true, "read-only"},
		{"git config --list", false, "reads ~/.gitconfig"},
		{"git config user.name", false, "reads ~/.gitconfig"},
		{"cat --foo a.txt", false, "not in the command table"},
		{"sort --out=x a.txt", false, "not in the command table"},
		{"rg --pre sh x", false, "not in the command table"},
	})
}

// TestOverAskingLinksAndNames: xargs fed by find reads every name find
// prints, so a link leading outside, or a name xargs would split into
// other names, asks; so does a glob match that would be read as an
// option.
func TestOverAskingLinksAndNames(t *testing.T) {
	w := overAskWorld(t, true)
	checkClassWith(t, w, nil, []classCase{
		{"find . -name '*.go' | xargs wc -l", false, "outside the working directories"},
		{"find sub -name '*.go' | xargs wc -l", true, "read-only"},
	})
	for _, f := range []string{"sub/a b.go", "--files0-from=x.go"} {
		if err := os.WriteFile(w.repo+"/"+f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkClassWith(t, w, nil, []classCase{
		{"find sub -name '*.go' | xargs wc -l", false, "split by xargs"},
		{"for f in *.go; do wc -l \"$f\"; done", false, "starts with '-'"},
		{"wc -l *.go", false, "starts with '-'"},
	})
}

// TestEmptyCommandName: bash runs an empty command word (it fails with
// "command not found", after command_not_found_handle if one is
// defined); an assignment before it does not make it an assignment
// only. Like every name outside the table, it asks.
func TestEmptyCommandName(t *testing.T) {
	checkClassWith(t, overAskWorld(t, false), nil, []classCase{
		{"a= ''", false, "unusual command name"},
		{"''", false, "unusual command name"},
		{"a=1 \"\" x", false, "unusual command name"},
		{"a=1", true, "read-only"},
	})
}
