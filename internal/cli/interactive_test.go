package cli

import (
	"context"
	"errors"
	"testing"
)

// On a terminal, no -p starts the interactive interface with the
// command line's decisions and the prompt argument; bypass is offered
// only when allowed on the command line.
func TestInteractiveStartsOnATerminal(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		prompt      string
		mode        string
		allowBypass bool
	}{
		{[]string{"fix the bug"}, "fix the bug", "", false},
		{[]string{"--permission-mode", "plan"}, "", "plan", false},
		{[]string{"--allow-dangerously-skip-permissions"}, "", "", true},
	} {
		h := newHarness("")
		h.cli.Terminal = func() bool { return true }
		var got *InteractiveSetup
		restore := Interactive
		Interactive = func(_ context.Context, s InteractiveSetup) error { got = &s; return nil }
		code := h.cli.Execute(t.Context(), tc.args)
		Interactive = restore
		if code != 0 || got == nil {
			t.Fatalf("%v: code %d, started %v, stderr %q", tc.args, code, got != nil, h.stderr.String())
		}
		want := tc.mode
		if want == "" {
			want = "default"
		}
		if got.Prompt != tc.prompt || string(got.Mode) != want || got.AllowBypass != tc.allowBypass ||
			got.Cwd != "/work/proj" || got.Open == nil {
			t.Errorf("%v: setup %+v", tc.args, got)
		}
	}
}

// An interface that fails reports its error and exits 1.
func TestInteractiveFailure(t *testing.T) {
	h := newHarness("")
	h.cli.Terminal = func() bool { return true }
	restore := Interactive
	Interactive = func(context.Context, InteractiveSetup) error { return errors.New("boom") }
	defer func() { Interactive = restore }()
	if code := h.cli.Execute(t.Context(), nil); code != 1 || h.stderr.String() != "Error: boom\n" {
		t.Errorf("code %d, stderr %q", code, h.stderr.String())
	}
}
