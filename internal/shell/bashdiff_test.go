package shell_test

import (
	"testing"

	"corvid/internal/shell"
	"corvid/internal/shell/shelltest"
)

// TestBashDifferential runs the class-4 cases (shelltest/cases.txt)
// under real bash with recording stubs and fails when bash ran a
// program the analysis did not see in a command it calls read-only.
func TestBashDifferential(t *testing.T) {
	commands, err := shelltest.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var cases []shelltest.Case
	for _, c := range commands {
		cases = append(cases, shelltest.Case{Command: c, Approved: shell.ReadOnly(c)})
	}
	shelltest.Differ(t, cases)
}
