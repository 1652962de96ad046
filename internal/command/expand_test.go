package command

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestSplitArgs(t *testing.T) {
	for in, want := range map[string][]string{
		`world happy`:           {"world", "happy"},
		`  "a b"  c `:           {"a b", "c"},
		`'it''s' x`:             {"its", "x"},
		`"say \"hi\"" \$x a\ b`: {`say "hi"`, "$x", "a b"},
		`"unclosed rest`:        {"unclosed rest"},
		`""`:                    {""},
		``:                      nil,
	} {
		if got := SplitArgs(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitArgs(%q) = %#v, want %#v", in, got, want)
		}
	}
}

func expand(t *testing.T, body, args string, shell func(context.Context, string) (string, error)) (string, error) {
	t.Helper()
	c := &Command{Name: "x", Path: "/p/.claude/commands/x.md", Body: body}
	return c.Expand(context.Background(), args, Env{SessionID: "sid", ProjectDir: "/p", Shell: shell})
}

// The substitutions Claude Code 2.1.330 makes (0-based positions, an
// unmatched $N left as written), with escapes and ${…} variables.
func TestExpandSubstitutes(t *testing.T) {
	for _, tc := range []struct{ body, args, want string }{
		{"First=$0 second=$1 third=$2", "world happy", "First=world second=happy third=$2"},
		{"All: $ARGUMENTS; one: $ARGUMENTS[1]", `a "b c"`, `All: a "b c"; one: b c`},
		{`Keep \$0 and \$ARGUMENTS`, "x", "Keep $0 and $ARGUMENTS\n\nARGUMENTS: x"},
		{"id ${CLAUDE_SESSION_ID} in ${CLAUDE_PROJECT_DIR} ${UNKNOWN} $HOME", "", "id sid in /p ${UNKNOWN} $HOME"},
		{"No placeholder.\n", "foo bar", "No placeholder.\n\n\nARGUMENTS: foo bar"},
		{"No placeholder, no args.", "", "No placeholder, no args."},
		// An argument is not scanned again.
		{"$0", "$1 ${CLAUDE_SESSION_ID}", "$1"},
		{"$ARGUMENTS", "$0 ${CLAUDE_SESSION_ID}", "$0 ${CLAUDE_SESSION_ID}"},
	} {
		got, err := expand(t, tc.body, tc.args, nil)
		if err != nil || got != tc.want {
			t.Errorf("%q with %q: got %q, %v; want %q", tc.body, tc.args, got, err, tc.want)
		}
	}
}

// !`cmd` runs through the caller's shell (arguments substituted inside
// it), its output replaces it and is not scanned again; arguments can
// never make a new command.
func TestExpandShell(t *testing.T) {
	var ran []string
	shell := func(_ context.Context, cmd string) (string, error) {
		ran = append(ran, cmd)
		return "out<" + cmd + "> $0 !`evil`\n", nil
	}
	body := "a !`git diff $0`\n```!\nls\n```\nb!`not-a-command` c\n"
	got, err := expand(t, body, "!`injected` two", shell)
	if err != nil {
		t.Fatal(err)
	}
	want := "a out<git diff !`injected`> $0 !`evil`\nout<ls> $0 !`evil`\nb!`not-a-command` c\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if !reflect.DeepEqual(ran, []string{"git diff !`injected`", "ls"}) {
		t.Errorf("ran %q", ran)
	}
}

// A refused or failing command aborts the expansion with a message
// naming the pattern and the file, and later commands do not run.
func TestExpandShellAborts(t *testing.T) {
	calls := 0
	shell := func(_ context.Context, cmd string) (string, error) {
		calls++
		if cmd == "rm -rf x" {
			return "", Denied("it writes outside the working directories")
		}
		return "", errors.New("Exit code 3")
	}
	_, err := expand(t, "!`rm -rf x` then !`echo later`", "", shell)
	var se *ShellError
	if !errors.As(err, &se) || !errors.Is(err, ErrShellDenied) || calls != 1 {
		t.Fatalf("got %v after %d calls", err, calls)
	}
	want := "Shell command permission check failed for pattern \"!`rm -rf x`\" in /p/.claude/commands/x.md: it writes outside the working directories"
	if err.Error() != want {
		t.Errorf("message %q", err)
	}
	_, err = expand(t, "!`false`", "", shell)
	if !errors.As(err, &se) || errors.Is(err, ErrShellDenied) || !strings.Contains(err.Error(), "Shell command failed") {
		t.Errorf("failing command: %v", err)
	}
	if _, err := expand(t, "!`ls`", "", nil); !errors.Is(err, ErrNoShell) {
		t.Errorf("no shell: %v", err)
	}
}

// Output is capped; the number of commands too.
func TestExpandShellCaps(t *testing.T) {
	big := strings.Repeat("y", MaxShellOutput*2)
	got, err := expand(t, "!`yes`", "", func(context.Context, string) (string, error) { return big, nil })
	if err != nil || len(got) > MaxShellOutput+100 || !strings.Contains(got, "[output truncated") {
		t.Errorf("len %d, %v", len(got), err)
	}
	body := strings.Repeat("!`echo` ", maxShell+1)
	if _, err := expand(t, body, "", func(context.Context, string) (string, error) { return "", nil }); err == nil {
		t.Error("more commands than the cap ran")
	}
}

func TestSkillBodyNamesItsDirectory(t *testing.T) {
	c := &Command{Name: "deploy", Kind: KindSkill, Dir: "/p/.claude/skills/deploy", Body: "run ${CLAUDE_SKILL_DIR}/x.sh $ARGUMENTS\n"}
	got, err := c.Expand(context.Background(), "prod", Env{})
	want := "Base directory for this skill: /p/.claude/skills/deploy\n\nrun /p/.claude/skills/deploy/x.sh prod\n"
	if err != nil || got != want {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestMentionsAndTurn(t *testing.T) {
	got := Mentions("See @notes.txt, and @a/b.md. Mail me@example.com @notes.txt @@x @")
	if !reflect.DeepEqual(got, []string{"notes.txt", "a/b.md"}) {
		t.Errorf("mentions %q", got)
	}
	blocks := Turn("greet", "world happy", "body")
	if blocks[0].Text != "<command-message>greet</command-message>\n<command-name>/greet</command-name>\n<command-args>world happy</command-args>\n" || blocks[1].Text != "body" {
		t.Errorf("turn %#v", blocks)
	}
}
