package handover

import "testing"

func TestInteractive(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"-c"}, true},
		{[]string{"--continue", "--dangerously-skip-permissions"}, true},
		{[]string{"--permission-mode=plan", "--model=sonnet"}, true},
		{[]string{"--resume"}, true},
		// Left to internal/cli: printing, help, version, the SDK's formats.
		{[]string{"-p"}, false},
		{[]string{"--print"}, false},
		{[]string{"-cp"}, false},
		{[]string{"-h"}, false},
		{[]string{"--help"}, false},
		{[]string{"-v"}, false},
		{[]string{"--version"}, false},
		{[]string{"--input-format=stream-json"}, false},
		{[]string{"--output-format", "json"}, false},
		// A positional argument may be a subcommand or a flag's value.
		{[]string{"mcp", "list"}, false},
		{[]string{"--model", "sonnet"}, false},
		{[]string{"fix the bug"}, false},
		{[]string{"--", "-c"}, false},
		{[]string{"-"}, false},
	} {
		if got := interactive(c.args); got != c.want {
			t.Errorf("interactive(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
