package permission

import (
	"path"
	"slices"
	"strings"
	"testing"

	"corvid/internal/shell"
)

// refRender and refPlain are render and plain as they were: the words'
// forms collected in a slice and joined.
func refRender(ws []shell.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = renderWord(w)
	}
	return strings.Join(parts, " ")
}

func refPlain(ws []shell.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return collapseSpace(strings.Join(parts, " "))
}

func refDenyCandidates(cmd shell.Command) []string {
	ws := words(cmd)
	out := []string{refRender(ws), refPlain(ws), collapseSpace(cmd.Source)}
	if isDecl(cmd.Name.Text) {
		out = append(out, declText(cmd))
	}
	if base := path.Base(cmd.Name.Text); base != cmd.Name.Text && cmd.Name.Static() {
		named := append([]shell.Word{{Text: base}}, cmd.Args...)
		out = append(out, refRender(named), refPlain(named))
	}
	for k := 0; k+len(ws) < len(cmd.Raw); k++ {
		out = append(out, refRender(cmd.Raw[k:]), refPlain(cmd.Raw[k:]))
	}
	if len(cmd.Assigns) > 0 {
		out = append(out, renderAssigns(cmd.Assigns)+" "+refRender(ws))
	}
	if cmd.MoreArgs {
		out = append(out, refRender(ws)+" "+xargsInput)
	}
	lead := len(cmd.Raw) - len(ws) + 1 // the wrappers and the name
	for i, w := range cmd.Raw[:max(lead, 0)] {
		if w.Static() && shell.RunsCommand(path.Base(w.Text)) {
			for k := i + 1; k < len(cmd.Raw); k++ {
				out = append(out, refRender(cmd.Raw[k:]), refPlain(cmd.Raw[k:]))
			}
			break
		}
	}
	return out
}

func refAllowCandidates(cmd shell.Command) []string {
	if isDecl(cmd.Name.Text) {
		return []string{declText(cmd), collapseSpace(cmd.Source)}
	}
	var unsafe []shell.Assign
	for _, a := range cmd.Assigns {
		if !safeAssign(a) {
			unsafe = append(unsafe, a)
		}
	}
	canon := refRender(words(cmd))
	if len(unsafe) > 0 {
		canon = renderAssigns(unsafe) + " " + canon
	}
	if cmd.MoreArgs {
		return []string{canon + " " + xargsInput}
	}
	out := []string{canon}
	if len(cmd.Wrappers) == 0 && len(cmd.Assigns) == 0 {
		if src := collapseSpace(cmd.Source); src != canon {
			out = append(out, src)
		}
	}
	return out
}

// TestCandidatesAgreeWithPlainForms checks the deny and allow candidates,
// built without intermediate slices and without repeats, against the
// forms built word list by word list: the same set of texts for deny
// and ask rules, the same list for allow rules (fails if a shortcut
// drops or changes a form a rule could match).
func TestCandidatesAgreeWithPlainForms(t *testing.T) {
	cmds := []string{"ls", "ls -la", "go test ./...", "cd src", "tee out.log", "echo 'a b' \"c  d\" e\\ f",
		"/usr/bin/git status --short", "./run.sh x", "X=1 Y='a b' make build", "timeout 5 nice -n 2 rm -rf x",
		"env -i A=1 sudo ls", "find . -name '*.go' | xargs grep -n TODO", "xargs -0 rm", "export A=1 B",
		"declare -a 'x[1]=2'", "local z", "nohup /bin/sh -c 'echo hi'", "command -v ls", "builtin echo x",
		"echo *.go {a,b} $HOME \"$x\"", "''", "echo ''", "git  -C  sub   status", "exec 3>&1", "time ls",
		"stdbuf -o0 tail -f log", "nice -- ionice -c3 du -sh /", "A=1", "a=$(date) b", "echo\tx\ty"}
	for _, line := range cmds {
		a, err := shell.Parse(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for _, cmd := range a.Commands {
			got, want := denyCandidates(cmd), refDenyCandidates(cmd)
			if !sameSet(got, want) {
				t.Errorf("%q: deny candidates\n got %q\nwant %q", cmd.Source, got, want)
			}
			if got[0] != renderCmd(cmd) {
				t.Errorf("%q: first deny candidate %q, want renderCmd's %q", cmd.Source, got[0], renderCmd(cmd))
			}
			if got, want := allowCandidates(cmd), refAllowCandidates(cmd); !slices.Equal(got, want) {
				t.Errorf("%q: allow candidates\n got %q\nwant %q", cmd.Source, got, want)
			}
		}
	}
}

func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
