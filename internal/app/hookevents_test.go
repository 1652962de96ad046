package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"corvid/internal/hook"
	"corvid/internal/provider/providertest"
)

// eventRunner answers every callback with answers[id] ("{}" when unset)
// and records which events ran with which input.
type eventRunner struct {
	answers map[string]string
	mu      sync.Mutex
	inputs  []map[string]any
}

func (r *eventRunner) RunHook(_ context.Context, id, _ string, input json.RawMessage) (json.RawMessage, error) {
	var in map[string]any
	_ = json.Unmarshal(input, &in)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inputs = append(r.inputs, in)
	if a, ok := r.answers[id]; ok {
		return json.RawMessage(a), nil
	}
	return json.RawMessage(`{}`), nil
}

// events lists "Event:field" for each run, field being what names it.
func (r *eventRunner) events(field string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, in := range r.inputs {
		v, _ := in[field].(string)
		out = append(out, in["hook_event_name"].(string)+":"+v)
	}
	return out
}

func everyEvent(ids ...string) map[string][]hook.Matcher {
	m := map[string][]hook.Matcher{}
	for _, id := range ids {
		m[id] = []hook.Matcher{{Callbacks: []string{id}}}
	}
	return m
}

// With nobody to ask (-p), a PermissionRequest hook's allow lets a call
// that needs approval run; without a decision it is refused as before.
func TestPermissionRequestWithoutAsker(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		ran          bool
	}{
		{"allow", `{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}`, true},
		{"no decision", `{}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
				{Blocks: []providertest.Block{providertest.ToolUse("toolu_t", "Bash", map[string]any{"command": "touch made.txt"})}},
				{Blocks: []providertest.Block{providertest.Text("end")}}}})
			r := &eventRunner{answers: map[string]string{hook.PermissionRequest: tc.answer}}
			opts := baseOptions(fakeAPI(srv))
			opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
			opts.Hooks = hook.New(r, everyEvent(hook.PermissionRequest), nil)
			res, err := Run(t.Context(), opts)
			if err != nil || res.IsError {
				t.Fatalf("run: %+v %v", res, err)
			}
			_, statErr := os.Stat(filepath.Join(opts.Cwd, "made.txt"))
			if ran := statErr == nil; ran != tc.ran {
				t.Fatalf("the call ran: %v, want %v", ran, tc.ran)
			}
			second, _ := json.Marshal(srv.Requests()[1].Messages)
			if !tc.ran && !strings.Contains(string(second), "has not been granted") {
				t.Errorf("refusal text missing: %s", second)
			}
			if got := r.events("tool_name"); !slices.Equal(got, []string{"PermissionRequest:Bash"}) {
				t.Errorf("hooks ran %q", got)
			}
		})
	}
}

// A conversation fires SessionStart (startup) before its first turn and
// SessionEnd (other) when it closes; a resumed one starts with resume.
// Both are told the transcript's path. A conversation that never ran a
// turn fires neither.
func TestSessionStartAndEnd(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("one")}},
		{Blocks: []providertest.Block{providertest.Text("two")}}}})
	env := fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir())
	open := func(r *eventRunner, resume bool) *Conversation {
		opts := baseOptions(env)
		opts.Cwd, opts.Continue = filepath.Join(env["CORVID_CONFIG_DIR"], "w"), resume
		if err := os.MkdirAll(opts.Cwd, 0o755); err != nil {
			t.Fatal(err)
		}
		opts.Hooks = hook.New(r, everyEvent(hook.SessionStart, hook.SessionEnd), nil)
		c, err := Open(t.Context(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	idle := &eventRunner{}
	open(idle, false).Close()
	if len(idle.inputs) != 0 {
		t.Fatalf("a conversation without a turn ran %q", idle.events("source"))
	}
	for i, want := range [][]string{{"SessionStart:startup", "SessionEnd:"}, {"SessionStart:resume", "SessionEnd:"}} {
		r := &eventRunner{}
		c := open(r, i == 1)
		c.SubmitText(t.Context(), "hi")
		c.Close()
		c.Close()
		if got := r.events("source"); !slices.Equal(got, want) {
			t.Errorf("run %d: hooks %q, want %q", i, got, want)
		}
		if got := r.events("reason"); got[1] != "SessionEnd:other" {
			t.Errorf("run %d: SessionEnd reason %q", i, got[1])
		}
		if c.TranscriptPath() == "" {
			t.Fatal("no transcript path")
		}
		if _, err := os.Stat(c.TranscriptPath()); err != nil {
			t.Errorf("the transcript path names no file: %v", err)
		}
	}
}

// CLAUDE_CODE_STOP_HOOK_BLOCK_CAP bounds how often Stop hooks keep a turn
// going: with 3, two blocks are honoured and the third is overridden.
func TestStopHookBlockCapFromEnv(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("not yet")}, Repeat: 3}}})
	r := &eventRunner{answers: map[string]string{hook.Stop: `{"decision":"block","reason":"more"}`}}
	opts := baseOptions(fakeAPI(srv).with("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", "3"))
	opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
	opts.Hooks = hook.New(r, everyEvent(hook.Stop), nil)
	res, err := Run(t.Context(), opts)
	if err != nil || res.IsError || len(srv.Requests()) != 3 || len(r.inputs) != 3 {
		t.Fatalf("result %+v (%v) after %d requests and %d Stop runs, want 3 and 3", res, err,
			len(srv.Requests()), len(r.inputs))
	}
}

// A PreToolUse hook's allow settles a prompt but never a deny or ask rule,
// and an input it rewrote is judged by the rules like the model's own
// (the real permission engine, print mode: nobody to ask).
func TestHookAllowDoesNotOverrideRules(t *testing.T) {
	allow := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`
	rewrite := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow",` +
		`"updatedInput":{"command":"rm -f keep.txt"}}}`
	for _, tc := range []struct {
		name, command, answer, made string
		ran                         bool
	}{
		{"allow settles the prompt", "touch made.txt", allow, "made.txt", true},
		{"deny rule wins", "rm -f keep.txt", allow, "", false},
		{"ask rule still asks", "touch asked.txt", allow, "asked.txt", false},
		{"rewritten input is judged", "touch other.txt", rewrite, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
				{Blocks: []providertest.Block{providertest.ToolUse("toolu_1", "Bash", map[string]any{"command": tc.command})}},
				{Blocks: []providertest.Block{providertest.Text("end")}}}})
			r := &eventRunner{answers: map[string]string{hook.PreToolUse: tc.answer}}
			opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir()))
			opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
			opts.DisallowedTools = []string{"Bash(rm *)"}
			opts.SettingsFlag = `{"permissions":{"ask":["Bash(touch asked*)"]}}`
			opts.Hooks = hook.New(r, everyEvent(hook.PreToolUse), nil)
			keep := filepath.Join(opts.Cwd, "keep.txt")
			if err := os.WriteFile(keep, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := Run(t.Context(), opts); err != nil {
				t.Fatal(err)
			}
			_, keepErr := os.Stat(keep)
			ran := keepErr != nil
			if tc.made != "" {
				_, err := os.Stat(filepath.Join(opts.Cwd, tc.made))
				ran = err == nil
			}
			if ran != tc.ran || len(r.inputs) != 1 {
				t.Fatalf("ran %v, want %v (%d hook runs)", ran, tc.ran, len(r.inputs))
			}
		})
	}
}
