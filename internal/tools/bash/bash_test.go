package bash

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

func TestResultTexts(t *testing.T) {
	f := newFixture(t, Options{})
	f.write("a.txt", "one\ntwo\n")
	f.write("b.txt", "one\nthree\n")
	cases := []struct {
		name, command string
		isError       bool
		interp        string
	}{
		{"success", "echo hello", false, ""},
		{"no_output", "true", false, ""},
		{"exit_code_alone", "exit 3", true, ""},
		{"exit_code_with_output", "echo out; echo err >&2; exit 2", true, ""},
		{"interleaved", "echo 1; echo 2 >&2; echo 3; echo 4 >&2", false, ""},
		{"grep_no_match", "grep zebra a.txt", false, "no matches found"},
		{"pipeline_grep_no_match", "cat a.txt | grep zebra", false, "no matches found"},
		{"grep_error", "grep zebra missing.txt", true, ""},
		{"rg_no_match", "rg zebra a.txt", false, "no matches found"},
		{"diff_differs", "diff a.txt b.txt", false, "the inputs differ"},
		{"git_diff_differs", "git diff --no-index --no-color a.txt b.txt > /dev/null", false, "the inputs differ"},
		{"test_false", "test -f missing.txt", false, "the condition is false"},
		{"bracket_false", "[ -d missing ]", false, "the condition is false"},
		{"find_unreadable", "find missing-dir 2>/dev/null", false, "some paths could not be read"},
		{"exit_1_not_exempt", "cat missing.txt 2>/dev/null", true, ""},
		{"exempt_only_last", "grep zebra a.txt; false", true, ""},
		{"syntax_error", "echo \"", true, ""},
		{"trailing_newlines", "printf 'x\\n\\n\\n'", false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			needs(t, strings.Fields(tc.command)[0])
			r := f.cmd(tc.command)
			if r.Result.IsError != tc.isError {
				t.Errorf("IsError = %v, want %v; text:\n%s", r.Result.IsError, tc.isError, r.Text())
			}
			if got := structured(t, r).ReturnCodeInterpretation; got != tc.interp {
				t.Errorf("returnCodeInterpretation = %q, want %q", got, tc.interp)
			}
			f.golden("result_"+tc.name, r.Text())
		})
	}
}

// needs skips the test when program is not installed.
func needs(t *testing.T, program string) {
	t.Helper()
	if program == "rg" || program == "git" {
		if _, err := exec.LookPath(program); err != nil {
			t.Skipf("%s is not installed", program)
		}
	}
}

func TestStructured(t *testing.T) {
	f := newFixture(t, Options{})
	r := f.cmd("echo out; echo err >&2")
	got, err := json.Marshal(r.Result.Structured)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"stdout":"out\nerr","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false}`
	if string(got) != want {
		t.Errorf("structured = %s\nwant %s", got, want)
	}
	if out := structured(t, f.cmd("mkdir -p d && touch d/x")); !out.NoOutputExpected {
		t.Errorf("mkdir && touch: noOutputExpected should be true")
	}
}

func TestEnvironment(t *testing.T) {
	f := newFixture(t, Options{Env: []string{"EXTRA=added", "CLAUDECODE=overridden"}})
	t.Setenv("FROM_PARENT", "inherited")
	r := f.cmd(`echo "$CORVID $CLAUDECODE $EXTRA $FROM_PARENT"`)
	if got := r.Text(); got != "1 overridden added inherited" {
		t.Errorf("environment = %q", got)
	}
	t.Setenv("CDPATH", "/somewhere")
	f = newFixture(t, Options{})
	if got := f.cmd(`echo "$CORVID $CLAUDECODE [$CDPATH]"`).Text(); got != "1 1 []" {
		t.Errorf("marks = %q, want CORVID=1 CLAUDECODE=1 and CDPATH cleared", got)
	}
}

func TestStdinIsEmpty(t *testing.T) {
	f := newFixture(t, Options{})
	if got := f.cmd("cat; echo done").Text(); got != "done" {
		t.Errorf("cat read %q from stdin, want nothing", got)
	}
}

func TestInvalidInput(t *testing.T) {
	f := newFixture(t, Options{})
	cases := []struct {
		name  string
		input map[string]any
	}{
		{"empty_command", map[string]any{"command": "  "}},
		{"negative_timeout", map[string]any{"command": "ls", "timeout": -5}},
		{"missing_command", map[string]any{"timeout": 5}},
		{"unknown_field", map[string]any{"command": "ls", "shell": "zsh"}},
		{"wrong_type", map[string]any{"command": "ls", "run_in_background": "yes"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := f.run(tc.input)
			if !r.Result.IsError || !strings.HasPrefix(r.Text(), "<tool_use_error>") {
				t.Errorf("want a tool_use_error, got %q (error %v)", r.Text(), r.Result.IsError)
			}
			f.golden("invalid_"+tc.name, r.Text())
		})
	}
}

func TestMissingWorkDir(t *testing.T) {
	f := newFixture(t, Options{})
	f.env.WorkDir = f.dir + "/gone"
	r := f.cmd("ls")
	if !r.Result.IsError || !strings.HasPrefix(r.Text(), "Could not start the command: ") {
		t.Errorf("got %q (error %v)", r.Text(), r.Result.IsError)
	}
}

func TestSandboxFlagIgnored(t *testing.T) {
	f := newFixture(t, Options{})
	r := f.run(map[string]any{"command": "echo ok", "dangerouslyDisableSandbox": true, "description": "Print ok"})
	if r.Result.IsError || r.Text() != "ok" {
		t.Errorf("got %q (error %v)", r.Text(), r.Result.IsError)
	}
}
