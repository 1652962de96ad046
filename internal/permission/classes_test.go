package permission

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"corvid/internal/shell/shelltest"
	"corvid/internal/tool"
)

// classCase is one command of a bypass class: whether -p runs it, and
// a part of the decision reason that names the rule or the unsafe part.
type classCase struct {
	command string
	allow   bool
	why     string
}

// issueAllow are the allow rules of the adversarial pass in issue 9.
var issueAllow = []string{"Bash(echo *)", "Bash(ls *)", "Bash(cat *)", "Bash(git status *)", "Bash(find *)"}

// checkClass runs every case in default and acceptEdits mode in the
// scratch world, with the issue's allow rules.
func checkClass(t *testing.T, w kernelPathWorld, cases []classCase) {
	t.Helper()
	checkClassWith(t, w, issueAllow, cases)
}

// checkClassWith is checkClass with other allow rules (none at all, to
// show that the read-only analysis alone allows a command).
func checkClassWith(t *testing.T, w kernelPathWorld, rules []string, cases []classCase) {
	t.Helper()
	var allow []RuleSource
	for _, r := range rules {
		allow = append(allow, RuleSource{Text: r, Source: SourceCLI})
	}
	approved := make([]bool, len(cases))
	for _, mode := range []Mode{ModeDefault, ModeAcceptEdits} {
		eng, errs := New(Config{Tools: testTools(), Mode: mode, WorkDirs: []string{w.repo}, Home: w.home, Allow: allow})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for i, tc := range cases {
			in, _ := json.Marshal(map[string]string{"command": tc.command})
			d := eng.Check(t.Context(), Request{Tool: &tool.Func{ToolName: "Bash"}, Input: in, WorkDir: w.repo})
			got := d.Behavior == tool.PermissionAllow
			approved[i] = approved[i] || got
			if got != tc.allow {
				t.Errorf("%s %q: %s (%s), want allow=%v", mode, tc.command, d.Behavior, d.Reason, tc.allow)
				continue
			}
			if !strings.Contains(d.Reason, tc.why) {
				t.Errorf("%s %q: reason %q does not name %q", mode, tc.command, d.Reason, tc.why)
			}
		}
	}
	// The oracle: every program bash runs for a command the engine
	// allowed must be one the analysis saw.
	t.Run("bash", func(t *testing.T) {
		var under []shelltest.Case
		for i, tc := range cases {
			under = append(under, shelltest.Case{Command: tc.command, Approved: approved[i]})
		}
		shelltest.Differ(t, under)
	})
}

// TestBuiltinsThatEvaluateData: class 2. A quoted subscript is
// arithmetic, and arithmetic runs `$(…)`: every builtin that assigns to
// a variable named by data, or evaluates it, is asked about whatever
// rule allows the rest of the line; only plain names pass.
func TestBuiltinsThatEvaluateData(t *testing.T) {
	checkClass(t, newKernelPathWorld(t), []classCase{
		{"declare 'a[$(touch X)]=1'", false, "declare argument a[$(touch X)]=1"},
		{"typeset 'a[$(touch X)]=1'", false, "typeset argument"},
		{"local 'a[$(touch X)]=1'", false, "local argument"},
		{"echo ok; readonly -a 'a[$(touch X)]=1'", false, "readonly option -a"},
		{"export -a 'a[$(touch X)]=1'", false, "export option -a"},
		{"declare -A 'a=([$(touch X)]=1)'", false, "declare option -A"},
		{"declare 'a=([$(touch X)]=1)'", false, "compound array assignment"},
		{"builtin declare 'a[$(touch X)]=1'", false, "declare argument"},
		{"wait -n -p 'a[$(touch X)]'", false, "wait option -p"},
		{"printf -v 'a[$(touch X)]' x", false, "printf -v"},
		{"echo x | read -a 'a[$(touch X)]'", false, "read option -a"},
		{"read 'a[$(touch X)]' < /dev/null", false, "read argument a[$(touch X)]"},
		{"test -v 'a[$(touch X)]'", false, "test -v a[$(touch X)]"},
		{"[ -v 'a[$(touch X)]' ]", false, "test -v"},
		{"unset 'a[$(touch X)]'", false, "unset argument"},
		{"[[ -v 'a[$(touch X)]' ]]", false, "arithmetic"},
		{"let 'a[$(touch X)]=1'", false, "arithmetic"},
		{"x=1; a[x]=1", false, "arithmetic"},
		{"a=([x]=1)", false, "arithmetic"},
		{"mapfile 'a[$(touch X)]' < /dev/null", false, "mapfile"},
		// The plain forms stay read-only.
		{"declare -p PATH", true, "read-only"},
		{"export -p", true, "read-only"},
		{"local x=1; echo $x", true, ""},
		{"printf '%s\\n' a", true, "read-only"},
		{"test -v x", true, "read-only"},
	})
}

// TestShellOptionsThatChangeParsing: class 3. A command that turns on
// an option changing how later lines are parsed or run, or that uses
// history expansion, is never auto-approved, even when an allow rule
// matches the rest of the line.
func TestShellOptionsThatChangeParsing(t *testing.T) {
	checkClass(t, newKernelPathWorld(t), []classCase{
		{"set -k; git status GIT_CONFIG_PARAMETERS=x", false, "set -k"},
		{"set -ek; echo hi", false, "set -k"},
		{"set -H; echo !!:s/a/b/", false, "set -H"},
		{"set -o history", false, "set -o history"},
		{"set -euo posix", false, "set -o posix"},
		{"set -a", false, "set -a"},
		{"set -o $opt", false, "run time"},
		{"shopt -s expand_aliases; alias ls='touch X'", false, "shopt expand_aliases"},
		{"shopt -s extglob", false, "shopt extglob"},
		{"shopt -so history", false, "shopt option -so"},
		{"alias ls='touch X'", false, "defines an alias"},
		{"enable -n echo; echo hi", false, "enable"},
		{"enable -f ./x.so x", false, "enable"},
		{"echo !!", false, "history expansion"},
		{"echo \"!-1:p\"", false, "history expansion"},
		{"ls\n^ls^touch X", false, "^ls^touch X"},
		{"history -s 'touch X'", false, "history"},
		{"bash -k -c 'git status GIT_CONFIG_PARAMETERS=x'", false, "shell option -k"},
		{"bash -O expand_aliases -c 'alias ls=x; ls'", false, "shell option -O expand_aliases"},
		{"sh -o history -c 'echo hi'", false, "shell option -o history"},
		{"bash -ic 'echo hi'", false, "shell option -i"},
		{"bash --login -c 'echo hi'", false, "shell option --login"},
		{"bash --rcfile x -c 'echo hi'", false, "shell option --rcfile"},
		// Known-harmless options and a literal ! pass.
		// Harmless shell options: inline code still asks as before
		// (only an exact rule approves it), but not as a hazard.
		{"bash -euc 'echo hi'", false, "runs shell code given as text"},
		{"bash --norc -o pipefail -c 'echo hi' _ \"$x\"", false, "runs shell code given as text"},
		{"set -euo pipefail; echo hi", true, "read-only"},
		{"set +H +o history; echo hi", true, ""},
		{"shopt -s nullglob; ls", true, ""},
		{"shopt -q extglob", true, "read-only"},
		{"echo 'hi!x' \"hi!\" [ ! -f a ]", true, "Bash(echo *)"},
	})
}

// TestNetworkAndSystemForms: class 7. Commands that reach the network,
// change the system or read configuration outside the working
// directories while looking like queries are not read-only.
func TestNetworkAndSystemForms(t *testing.T) {
	checkClass(t, newKernelPathWorld(t), []classCase{
		{"git remote show http://host/x", false, "queries the remote over the network"},
		{"git remote show origin", false, "queries the remote"},
		{"git remote -v show origin", false, "queries the remote"},
		{"git remote update", false, "queries the remote"},
		{"git ls-remote", false, "git ls-remote reaches the network"},
		{"git fetch", false, "git fetch reaches the network"},
		{"git --no-pager fetch origin", false, "git fetch reaches the network"},
		{"git archive --remote=http://h/x HEAD", false, "git archive reaches the network"},
		{"git config --global --list", false, "git config --global reads configuration outside"},
		{"git config --file=/etc/gitconfig --list", false, "read /etc/gitconfig"},
		{"git config --file=.gitmodules --list", true, "read-only"},
		{"git config --system user.name", false, "git config --system"},
		{"date 010100002030", false, "date 010100002030 sets the system clock"},
		{"date -s now", false, "date option -s"},
		{"date --set=now", false, "date option --set=now"},
		{"date -f /etc/passwd", false, "read /etc/passwd"},
		{"date -f a.txt", false, "date option -f"},
		{"hostname NAME", false, "hostname with these arguments"},
		{"hostname -F /etc/x", false, "hostname with these arguments"},
		{"timedatectl set-time 2030-01-01", false, "timedatectl"},
		// The query forms stay read-only.
		{"git remote -v", true, "read-only"},
		{"git remote show -n origin", true, "read-only"},
		{"git remote show", true, "read-only"},
		{"git config --local --get user.name", true, "read-only"},
		{"git config --get user.name", false, "reads ~/.gitconfig"},
		{"git config --list", false, "reads ~/.gitconfig"},
		{"date +%Y-%m-%d", true, "read-only"},
		{"date -u -d @0 +%s", true, "read-only"},
		{"date --iso-8601=seconds", true, "read-only"},
		{"hostname -f", true, "read-only"},
	})
}

// TestRecursiveReadersFollowingLinks: class 6. With ext-link -> ../outside
// in the working directory, a command that follows symbolic links while
// walking a tree reads outside; it is read-only only when no link under
// the tree leads outside, and the reason names the link's target.
func TestRecursiveReadersFollowingLinks(t *testing.T) {
	w := newKernelPathWorld(t)
	clean := w.repo + "/sub"
	if err := os.WriteFile(clean+"/a.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.txt", clean+"/inner-link"); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(w.repo+"/deep/er", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(w.outside, w.repo+"/deep/er/abs-link"); err != nil {
		t.Fatal(err)
	}
	out := w.outside
	checkClass(t, w, []classCase{
		{"grep -R x .", false, "follows symbolic links: read " + out},
		{"grep -rnR x", false, out},
		{"grep --dereference-recursive x deep", false, out},
		{"rg -L x", false, out},
		{"rg --follow x .", false, out},
		{"diff -r sub deep", false, out},
		{"ls -LR", false, out},
		{"ls -R -L .", false, out},
		{"find -L . -name x", false, out},
		{"find . -follow -name x", false, out},
		{"du -L", false, out},
		{"du --dereference deep", false, out},
		{"tree -l", false, out},
		{"cp -rL deep copy", false, out},
		{"cp -r --dereference deep copy", false, out},
		{"cd deep && grep -R x er", false, out},
		{"grep -R x " + out, false, out},
		// Without following, or with no link leading outside, they read
		// only the working directory.
		{"grep -R x sub", true, "read-only"},
		{"grep -r x .", true, "read-only"},
		{"ls -R", true, "Bash(ls *)"},
		{"ls -L sub", true, "Bash(ls *)"},
		{"find -L sub -name x", true, "Bash(find *)"},
		{"du -L sub", true, "read-only"},
	})
}

// TestOptionFilesArePathChecked: class 5. Every option value that names
// a file is checked as a read or a write, whatever it holds; a list of
// file names read from a file, or a backup suffix that can leave the
// directory, always asks.
func TestOptionFilesArePathChecked(t *testing.T) {
	w := newKernelPathWorld(t)
	rc := w.home + "/.bashrc"
	if err := os.WriteFile(w.repo+"/a.txt", []byte("b\na\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkClass(t, w, []classCase{
		{"find . -fprint " + rc, false, "write to " + rc},
		{"find . -fprintf /tmp/x '%p'", false, "write to /tmp/x"},
		{"find . -fls ../outside/x", false, "write to " + w.outside + "/x"},
		{"find -files0-from list", false, "find -files0-from list reads the names"},
		{"sort -o " + rc + " a.txt", false, "write to " + rc},
		{"sort -o" + rc + " a.txt", false, "write to " + rc},
		{"sort --output=x a.txt", false, "is not read-only"},
		{"sort --files0-from=list", false, "sort --files0-from list reads the names"},
		{"wc --files0-from=list", false, "wc --files0-from"},
		{"diff --from-file=" + rc + " a.txt", false, "read " + rc},
		{"diff --to-file " + rc + " a.txt", false, "read " + rc},
		{"file -f list", false, "file -f list reads the names"},
		{"grep -f " + rc + " a.txt", false, "read " + rc},
		{"git diff " + rc + " a.txt", false, "read " + rc},
		{"git diff HEAD -- ../outside/x", false, "read " + w.outside + "/x"},
		{"git --no-pager diff ../outside/y a.txt", false, "read " + w.outside + "/y"},
		{"git blame --contents " + rc + " a.txt", false, "read " + rc},
		{"git blame --ignore-revs-file=" + rc + " a.txt", false, "read " + rc},
		{"git log --output=" + rc, false, "write to " + rc},
		{"sed -n --in-place='../../x/*' p a.txt", false, "backup name"},
		{"sed -n -i../x/* p a.txt", false, "backup name"},
		{"cp -t.. a.txt", false, "write to " + w.root},
		{"cp --target-directory=" + w.outside + " a.txt", false, "write to " + w.outside},
		{"mv -t" + w.outside + " a.txt", false, "write to " + w.outside},
		{"cp --backup -S /../../x a.txt b.txt", false, "backup name"},
		// Values inside the working directory, and plain reads, pass.
		{"sort -r a.txt", true, "read-only"},
		{"grep -f a.txt a.txt", true, "read-only"},
		{"diff --from-file=a.txt a.txt", true, "read-only"},
		{"find . -name '*.txt'", true, "Bash(find *)"},
		{"git diff HEAD~1 a.txt", true, "read-only"},
	})
}

// TestHarmlessCommandsAllowed: the harmless commands the issue lists
// run without a prompt; their unsafe neighbours still ask.
func TestHarmlessCommandsAllowed(t *testing.T) {
	w := newKernelPathWorld(t)
	if err := os.WriteFile(w.repo+"/a.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkClass(t, w, []classCase{
		{"sed -n 1,5p a.txt", true, "read-only"},
		{"sed -n -e 's/a/b/p' a.txt", true, "read-only"},
		{"base64 a.txt", true, "read-only"},
		{"expand a.txt | fmt", true, "read-only"},
		{"ps aux", true, "read-only"},
		{"free -m", true, "read-only"},
		{"nproc", true, "read-only"},
		{"uptime", true, "read-only"},
		{"expr 1 + 2", true, "read-only"},
		{"locale", true, "read-only"},
		{"groups", true, "read-only"},
		{"pgrep -l bash", true, "read-only"},
		{"man -w ls", true, "read-only"},
		{"getconf PAGE_SIZE", true, "read-only"},
		// Their unsafe neighbours.
		{"sed -n 'w /tmp/x' a.txt", false, "not read-only"},
		{"sed -n 1p " + w.home + "/.bashrc", false, "read " + w.home},
		{"sed -n 'e touch X' a.txt", false, "not read-only"},
		{"fmt " + w.home + "/.bashrc", false, "read " + w.home},
		{"man ls", false, "not read-only"},
		{"man -w -P 'touch X' ls", false, "not read-only"},
		{"pgrep -F /tmp/pid", false, "not read-only"},
	})
}

// TestFollowWalkBound: a tree with more entries than the walk may visit
// cannot be shown free of links that leave, so the command asks.
func TestFollowWalkBound(t *testing.T) {
	w := newKernelPathWorld(t)
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		if err := os.WriteFile(w.repo+"/sub/"+n, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prev := maxFollowEntries
	maxFollowEntries = 4
	t.Cleanup(func() { maxFollowEntries = prev })
	checkClass(t, w, []classCase{
		{"grep -R x sub", false, "too big to check for symbolic links"},
		{"grep -r x sub", true, "read-only"},
		{"du -L sub/a", true, "read-only"},
	})
}

// TestGitAfterChangeOfDirectory: git after cd runs without a prompt when
// every directory the line may reach is inside the working directory and
// belongs to its repository: no nested .git, no bare repository on the
// way, no directory known only at run time.
func TestGitAfterChangeOfDirectory(t *testing.T) {
	w := newKernelPathWorld(t)
	for _, d := range []string{"nested/.git", "bare/objects", "bare/refs"} {
		if err := os.MkdirAll(w.repo+"/"+d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(w.repo+"/bare/HEAD", []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w.repo+"/sub/.git", []byte("gitdir: /elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(w.repo+"/plain/deeper", 0o755); err != nil {
		t.Fatal(err)
	}
	checkClass(t, w, []classCase{
		{"cd plain && git status", true, "Bash(git status *)"},
		{"cd plain/deeper && git log --oneline", true, "read-only"},
		{"for d in a b; do git status; cd plain; done", true, "Bash(git status *)"},
		{"cd nested && git status", false, "change of directory"},
		{"cd bare && git status", false, "change of directory"},
		{"cd sub && git status", false, "change of directory"},
		{"cd .. && git status", false, "outside the working directories"},
		{"cd ext-link && git status", false, "outside the working directories"},
		{"cd $D && git status", false, "$D"},
		{"git status; cd nested", false, "change of directory"},
		{"pushd plain; popd; git status", false, "change of directory"},
		{"env -C nested git status", false, ""},
	})
}
