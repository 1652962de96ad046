package hookrun

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"corvid/internal/hook"
)

// recorder is an Observer that keeps what it was told.
type recorder struct {
	mu       sync.Mutex
	started  []Run
	finished []Outcome
}

func (r *recorder) Started(run Run) { r.mu.Lock(); r.started = append(r.started, run); r.mu.Unlock() }
func (r *recorder) Finished(_ Run, o Outcome) {
	r.mu.Lock()
	r.finished = append(r.finished, o)
	r.mu.Unlock()
}

func (r *recorder) last() Outcome {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.finished[len(r.finished)-1]
}

// runOne runs a shell command as the handler of event and returns its
// decision, error and outcome.
func runOne(t *testing.T, event, command string, mod ...func(*hook.Handler)) (json.RawMessage, error, Outcome) {
	t.Helper()
	h := hook.Handler{Type: hook.TypeCommand, Command: command, Event: event, File: "s.json"}
	for _, m := range mod {
		m(&h)
	}
	rec := &recorder{}
	dir := t.TempDir()
	r := New(Options{Handlers: map[string]hook.Handler{"h": h}, Dir: dir, ProjectDir: dir,
		Env: os.Environ(), Observer: rec, EnvFile: func() string { return filepath.Join(dir, "env.sh") }})
	defer r.Close()
	in := `{"hook_event_name":"` + event + `","tool_name":"Bash","tool_input":{"command":"ls"}}`
	ctx, cancel := context.WithTimeout(context.Background(), h.TimeoutOrDefault())
	defer cancel()
	out, err := r.RunHook(ctx, "h", "toolu_1", json.RawMessage(in))
	return out, err, rec.last()
}

// The exit-code contract, event by event.
func TestExitCodes(t *testing.T) {
	tests := []struct {
		name, event, command string
		want, message        string // substrings of the decision and of the message ("" = none)
		err                  error
	}{
		{"json", "PreToolUse", `echo '{"decision":"block","reason":"r"}'`, `"reason":"r"`, "", nil},
		{"plain context", "UserPromptSubmit", "echo hello", `"additionalContext":"hello"`, "", nil},
		{"plain context at start", "SessionStart", "echo hello", `"additionalContext":"hello"`, "", nil},
		{"plain ignored", "PreToolUse", "echo hello", "", "", nil},
		{"exit 2 denies", "PreToolUse", "echo nope >&2; exit 2",
			`"permissionDecision":"deny","permissionDecisionReason":"[echo nope \u003e\u00262; exit 2]: nope\n"`, "", nil},
		{"exit 2 beats JSON", "PreToolUse", `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'; echo no >&2; exit 2`,
			`"permissionDecision":"deny"`, "", nil},
		{"exit 2 stop", "Stop", "echo keep going >&2; exit 2", `{"decision":"block","reason":"keep going"}`, "", nil},
		{"exit 2 with a JSON reason", "Stop", `echo '{"decision":"block","reason":"from json"}'; echo err >&2; exit 2`,
			`{"decision":"block","reason":"from json"}`, "", nil},
		{"exit 2 deny with a JSON reason", "PreToolUse",
			`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"why"}}'; exit 2`,
			`]: why"}}`, "", nil},
		{"exit 2 prompt", "UserPromptSubmit", "echo not now >&2; exit 2", `"reason":"not now"`, "", nil},
		{"exit 2 cannot block", "Notification", "echo loud >&2; exit 2", "",
			`Notification hook "echo loud >&2; exit 2" (from s.json) exited with status 2, but Notification hooks cannot block; stderr: loud`, nil},
		{"exit 1", "PreToolUse", "echo first >&2; echo second >&2; exit 1", "",
			"failed with non-blocking status code 1: first", ErrExit},
		{"exit 1 with JSON", "Stop", `echo '{"decision":"block","reason":"j"}'; exit 1`, `"reason":"j"`, "status code 1", nil},
		{"missing program", "PreToolUse", "/no/such/hook", "", "status code 127", ErrExit},
		{"invalid JSON", "PreToolUse", `echo '{"decision": '`, "", "printed invalid JSON on stdout; its output was ignored", ErrOutput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err, o := runOne(t, tt.event, tt.command)
			if tt.want == "" && out != nil || !strings.Contains(string(out), tt.want) {
				t.Errorf("decision = %s, want %s", out, tt.want)
			}
			if !errors.Is(err, tt.err) || (tt.err == nil && err != nil) {
				t.Errorf("err = %v, want %v", err, tt.err)
			}
			if (tt.message == "") != (o.Message == "") || !strings.Contains(o.Message, tt.message) {
				t.Errorf("message = %q, want %q", o.Message, tt.message)
			}
		})
	}
}

// The exec form runs without a shell.
func TestArgsForm(t *testing.T) {
	out, err, _ := runOne(t, "Stop", "", func(h *hook.Handler) {
		h.Args = []string{"printf", "%s", `{"decision":"block","reason":"$HOME stays literal"}`}
	})
	if err != nil || !strings.Contains(string(out), `$HOME stays literal`) {
		t.Errorf("args form: %s, %v", out, err)
	}
}

// The hook variables, CLAUDE_ENV_FILE only for SessionStart, and the
// input on stdin.
func TestEnvironment(t *testing.T) {
	file := filepath.Join(t.TempDir(), "env")
	cmd := `printf '%s|%s|%s|%s|%s' "$CLAUDE_PROJECT_DIR" "$CORVID_PROJECT_DIR" "$CLAUDECODE" "${CLAUDE_ENV_FILE:-none}" "$(cat)" > ` + file
	runOne(t, "PreToolUse", cmd)
	data, _ := os.ReadFile(file)
	parts := strings.Split(string(data), "|")
	if len(parts) != 5 || parts[0] == "" || parts[0] != parts[1] || parts[2] != "1" || parts[3] != "none" ||
		!strings.Contains(parts[4], `"hook_event_name":"PreToolUse"`) {
		t.Errorf("environment = %q", data)
	}
	runOne(t, "SessionStart", `printf '%s' "$CLAUDE_ENV_FILE" > `+file)
	if data, _ := os.ReadFile(file); !strings.HasSuffix(string(data), "env.sh") {
		t.Errorf("SessionStart CLAUDE_ENV_FILE = %q", data)
	}
}

// A hook past its timeout is stopped with everything it started, and
// the run ends soon after.
func TestTimeoutKillsGroup(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	cmd := "sleep 300 & echo $! > " + pidFile + "; sh -c 'sleep 301' & echo $! >> " + pidFile + "; wait"
	start := time.Now()
	// 2 s leaves a loaded machine time to start both children first.
	out, err, o := runOne(t, "PreToolUse", cmd, func(h *hook.Handler) { h.Timeout = 2 })
	if out != nil || !errors.Is(err, ErrTimeout) || o.Outcome != OutcomeCancelled ||
		!strings.Contains(o.Message, "timed out after 2s and was stopped") {
		t.Errorf("timeout: %s %v %+v", out, err, o)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the run took %v", d)
	}
	data, _ := os.ReadFile(pidFile)
	pids := strings.Fields(string(data))
	if len(pids) != 2 {
		t.Fatalf("pids = %q", data)
	}
	for _, p := range pids {
		var pid int
		_, _ = fmtSscan(p, &pid)
		if syscall.Kill(pid, 0) == nil {
			t.Errorf("process %d survived the timeout", pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// once runs a handler once per session; async does not wait and decides
// nothing, and Close waits for it; "if" filters tool calls.
func TestOnceAsyncIf(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "count")
	hs := map[string]hook.Handler{
		"once":  {Type: hook.TypeCommand, Command: "echo x >> " + count, Once: true, Event: "Stop"},
		"async": {Type: hook.TypeCommand, Command: "sleep 0.2; echo async > " + filepath.Join(dir, "async"), Async: true, Event: "Stop"},
		"if":    {Type: hook.TypeCommand, Command: `echo '{"decision":"block"}'`, If: "Bash(git *)", Event: "PreToolUse"},
	}
	r := New(Options{Handlers: hs, Dir: dir, Env: os.Environ(),
		Match: func(rule, name string, input json.RawMessage) bool {
			return rule == "Bash(git *)" && name == "Bash" && strings.Contains(string(input), `"git `)
		}})
	ctx := context.Background()
	for range 3 {
		_, _ = r.RunHook(ctx, "once", "", json.RawMessage(`{"hook_event_name":"Stop"}`))
	}
	if data, _ := os.ReadFile(count); string(data) != "x\n" {
		t.Errorf("once ran %q", data)
	}
	out, err := r.RunHook(ctx, "async", "", json.RawMessage(`{"hook_event_name":"Stop"}`))
	if out != nil || err != nil {
		t.Errorf("async decided: %s %v", out, err)
	}
	r.Close()
	if data, _ := os.ReadFile(filepath.Join(dir, "async")); string(data) != "async\n" {
		t.Errorf("Close did not wait for the async hook: %q", data)
	}
	git := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`
	ls := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	if out, _ := r.RunHook(ctx, "if", "", json.RawMessage(git)); out == nil {
		t.Error("if: a matching call did not run the hook")
	}
	if out, _ := r.RunHook(ctx, "if", "", json.RawMessage(ls)); out != nil {
		t.Errorf("if: a call that does not match ran it: %s", out)
	}
}

// Observers hear of each run with its name and timing.
func TestObserver(t *testing.T) {
	_, _, o := runOne(t, "PreToolUse", "echo hi >&2")
	if o.Outcome != OutcomeSuccess || o.ExitCode != 0 || o.Stderr != "hi\n" || o.Duration <= 0 {
		t.Errorf("outcome = %+v", o)
	}
}
