package permission_test

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/shell/shelltest"
	"corvid/internal/tool"
)

// attackRules are the allow rules of issue 9's adversarial pass.
var attackRules = []string{"allow project Bash(echo *)", "allow project Bash(ls *)",
	"allow project Bash(cat *)", "allow project Bash(git status *)", "allow project Bash(find *)"}

// jailPaths maps the corpus's directories to the jail's for the run
// under bash: the analysis of the mapped text has the same shape.
var jailPaths = strings.NewReplacer("$REPO", "/work", "$HOME", "/home", "$OUT", "/out",
	"$EXTRA", "/extra", "$ROOT", "/", "$LONG", strings.Repeat("a", 10_001))

// TestBashDifferentialCorpus runs every Bash command of the permission
// corpus (with its profile and mode) and every class-4 case of
// shelltest (with the rules of issue 9, in default and acceptEdits)
// under real bash with recording stubs, and fails when bash ran a
// program the analysis did not see in a command the engine allowed.
func TestBashDifferentialCorpus(t *testing.T) {
	w := newWorld(t)
	var cases []shelltest.Case
	c := readCorpus(t, "testdata/corpus.txt")
	for _, tc := range c.cases {
		if tc.tool != "Bash" {
			continue
		}
		mode, err := permission.ParseMode(tc.mode)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		// bypassPermissions allows what the analysis would ask about.
		ok := mode != permission.ModeBypass && allowed(t, w, c.profiles[tc.profile], mode, tc.subject)
		cases = append(cases, shelltest.Case{Command: jailPaths.Replace(commandOf(tc.subject)), Approved: ok})
	}
	extra, err := shelltest.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range extra {
		ok := allowed(t, w, attackRules, permission.ModeDefault, cmd) ||
			allowed(t, w, attackRules, permission.ModeAcceptEdits, cmd)
		cases = append(cases, shelltest.Case{Command: cmd, Approved: ok})
	}
	shelltest.Differ(t, cases)
}

// commandOf is the command of a Bash subject, which is the command or
// a JSON object of Bash's input.
func commandOf(subject string) string {
	var in struct{ Command *string }
	if strings.HasPrefix(subject, "{\"") && json.Unmarshal([]byte(subject), &in) == nil && in.Command != nil {
		return *in.Command
	}
	return subject
}

// allowed reports whether the engine allows command under the profile.
func allowed(t testing.TB, w world, profile []string, mode permission.Mode, command string) bool {
	e, errs := permission.New(w.config(t, profile, mode))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return e.Explain("Bash", w.input("Bash", command)).Behavior == tool.PermissionAllow
}
