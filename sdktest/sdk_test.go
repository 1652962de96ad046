package sdktest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// canUseTool refuses one Bash call (the model is told the host's message)
// and allows another with a replaced command, which is what runs.
func TestCanUseTool(t *testing.T) {
	sc := turns(bash("toolu_rm", "rm -f keep.txt"), bash("toolu_touch", "touch asked.txt"), say("done"))
	r := runScript(t, "canusetool.mjs", sc)
	if n := r.length(t, "asked"); n != 2 {
		t.Fatalf("canUseTool called %d times, want 2: %v", n, r.summary)
	}
	if id := r.get(t, "asked", 0, "toolUseID"); id != "toolu_rm" {
		t.Errorf("first question's toolUseID = %v", id)
	}
	if reason, _ := r.get(t, "asked", 0, "decisionReason").(string); reason == "" {
		t.Errorf("the question carries no decision reason: %v", r.summary)
	}
	if r.length(t, "asked", 1, "suggestions") == 0 {
		t.Errorf("no permission suggestions for touch: %v", r.summary)
	}
	if txt := r.get(t, "toolResults", 0, "text").(string); !strings.Contains(txt, "no removing files today") ||
		r.get(t, "toolResults", 0, "is_error") != true {
		t.Errorf("denied call's result = %v", r.get(t, "toolResults", 0))
	}
	if !strings.Contains(r.body(t, 1), "no removing files today") {
		t.Errorf("the model was not told the host's message: %s", r.body(t, 1))
	}
	if _, err := os.Stat(filepath.Join(r.work, "changed.txt")); err != nil {
		t.Errorf("the updatedInput command did not run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(r.work, "asked.txt")); err == nil {
		t.Errorf("the original command ran instead of the updated one")
	}
	if r.get(t, "results", 0, "subtype") != "success" || r.length(t, "results") != 1 {
		t.Errorf("results = %v", r.get(t, "results"))
	}
}

// A PreToolUse hook callback registered through initialize runs with the
// call's input, and its additionalContext reaches the model.
func TestPreToolUseHook(t *testing.T) {
	sc := turns(bash("toolu_echo", "echo hi"), say("done"))
	r := runScript(t, "hook.mjs", sc)
	if r.length(t, "seen") != 1 || r.get(t, "seen", 0, "command") != "echo hi" ||
		r.get(t, "seen", 0, "event") != "PreToolUse" || r.get(t, "seen", 0, "toolUseID") != "toolu_echo" ||
		r.get(t, "seen", 0, "session") != true {
		t.Fatalf("hook saw %v", r.get(t, "seen"))
	}
	if !strings.Contains(r.body(t, 1), "hook-context-7f3a") {
		t.Errorf("the hook's context is not in the next request: %s", r.body(t, 1))
	}
}

// Two user messages through one streaming-input process: one result per
// turn, one session, the second request carries the first turn.
func TestStreamingInput(t *testing.T) {
	r := runScript(t, "stream.mjs", turns(say("reply one"), say("reply two")))
	if r.length(t, "results") != 2 || r.get(t, "results", 1, "result") != "reply two" {
		t.Fatalf("results = %v", r.get(t, "results"))
	}
	if r.get(t, "results", 0, "session_id") != r.get(t, "results", 1, "session_id") {
		t.Errorf("two sessions: %v", r.get(t, "results"))
	}
	b := r.body(t, 1)
	if !strings.Contains(b, "first message") || !strings.Contains(b, "reply one") || !strings.Contains(b, "second message") {
		t.Errorf("second request lacks the first turn: %s", b)
	}
}

// setModel and setPermissionMode between turns take effect on the next
// request: the model sent, the init frame, and a Write that acceptEdits
// allows without asking the host (whose canUseTool refuses everything).
func TestSetModelAndMode(t *testing.T) {
	write := providertest.Turn{Blocks: []providertest.Block{providertest.ToolUse("toolu_w", "Write",
		map[string]any{"file_path": "$WORK/new.txt", "content": "x\n"})}}
	r := runScriptWrite(t, turns(say("one"), write, say("two")))
	reqs := r.srv.Requests()
	if len(reqs) != 3 || reqs[0].Model == reqs[1].Model || !strings.Contains(reqs[1].Model, "haiku") {
		t.Fatalf("request models = %q, %q; want the second on haiku", reqs[0].Model, reqs[1].Model)
	}
	if r.get(t, "inits", 1, "permissionMode") != "acceptEdits" || r.get(t, "inits", 0, "permissionMode") != "default" {
		t.Errorf("inits = %v", r.get(t, "inits"))
	}
	if r.length(t, "denied") != 0 {
		t.Errorf("the host was asked in acceptEdits mode: %v", r.get(t, "denied"))
	}
	if _, err := os.Stat(filepath.Join(r.work, "new.txt")); err != nil {
		t.Errorf("acceptEdits did not allow the Write: %v", err)
	}
}

func runScriptWrite(t *testing.T, sc providertest.Scenario) *run {
	t.Helper()
	// The Write's path names the work directory, known only once the
	// script runs: the scenario is fixed up by runScript's WORK.
	requireSDK(t)
	work := t.TempDir()
	for i := range sc.Turns {
		for j, b := range sc.Turns[i].Blocks {
			sc.Turns[i].Blocks[j].Input = []byte(strings.ReplaceAll(string(b.Input), "$WORK", work))
		}
	}
	return runScriptIn(t, "stream.mjs", sc, work, "MODE_SWITCH=1")
}

// interrupt() stops a long Bash call quickly: the turn ends with an error
// result and the transcript holds a result for the call.
func TestInterrupt(t *testing.T) {
	r := runScript(t, "interrupt.mjs", turns(bash("toolu_sleep", "sleep 30")))
	if r.length(t, "results") != 1 || r.get(t, "results", 0, "subtype") != "error_during_execution" {
		t.Fatalf("results = %v", r.get(t, "results"))
	}
	if th, _ := r.get(t, "thrown").(string); !strings.Contains(th, "Interrupted") {
		t.Errorf("the SDK reported %q after the interrupted result, want its error", th)
	}
	if ms := r.get(t, "ms").(float64); ms < 0 || ms > 10000 {
		t.Errorf("the result came %.0f ms after interrupt()", ms)
	}
	id := r.get(t, "results", 0, "session_id").(string)
	checkTranscript(t, r.work, id, "toolu_sleep")
}

// resume continues a session: the second process sends the first turn.
func TestResume(t *testing.T) {
	r := runScript(t, "resume.mjs", turns(say("noted"), say("heron")))
	if r.get(t, "second", 0, "result") != "heron" || r.get(t, "second", 0, "session_id") != r.get(t, "id") {
		t.Fatalf("summary = %v", r.summary)
	}
	if b := r.body(t, 1); !strings.Contains(b, "remember the word heron") || !strings.Contains(b, "noted") {
		t.Errorf("the resumed request lacks the first turn: %s", b)
	}
}

// outputFormat (--json-schema): an output that does not match the schema
// goes back to the model as an input error; the valid one is the
// result's structured_output.
func TestStructuredOutput(t *testing.T) {
	so := func(id string, in map[string]any) providertest.Turn {
		return providertest.Turn{Blocks: []providertest.Block{providertest.ToolUse(id, "StructuredOutput", in)}}
	}
	r := runScript(t, "structured.mjs", turns(so("toolu_bad", map[string]any{"answer": 42}),
		so("toolu_good", map[string]any{"answer": "forty-two"})))
	if r.get(t, "results", 0, "subtype") != "success" || r.get(t, "results", 0, "structured_output", "answer") != "forty-two" {
		t.Fatalf("results = %v", r.get(t, "results"))
	}
	if b := r.body(t, 1); !strings.Contains(b, "InputValidationError") {
		t.Errorf("the model was not told what was wrong: %s", b)
	}
	if b := r.body(t, 0); !strings.Contains(b, `"name":"StructuredOutput"`) {
		t.Errorf("the first request does not offer the tool: %s", b)
	}
}

// UserPromptSubmit and Stop hook callbacks registered through initialize:
// the prompt's context reaches the model with it; a Stop block makes the
// model go on with the reason, and the next Stop says so.
func TestPromptAndStopHooks(t *testing.T) {
	r := runScript(t, "prompthooks.mjs", turns(say("done?"), say("done!")))
	if r.get(t, "results", 0, "result") != "done!" || r.length(t, "events") != 3 ||
		r.get(t, "events", 0, "prompt") != "finish the job" || r.get(t, "events", 1, "active") != false ||
		r.get(t, "events", 2, "active") != true {
		t.Fatalf("summary = %v", r.summary)
	}
	if !strings.Contains(r.body(t, 0), "prompt-context-91c") {
		t.Errorf("the prompt hook's context is not in the first request: %s", r.body(t, 0))
	}
	if !strings.Contains(r.body(t, 1), "run the tests first") {
		t.Errorf("the Stop hook's reason is not in the second request: %s", r.body(t, 1))
	}
}

// SessionStart, PostToolUseFailure and PermissionRequest callbacks through
// the real SDK: the session's context reaches the model, the failed call's
// error reaches its hook, and the permission hook answers so canUseTool is
// never asked and the call runs.
func TestEventHooks(t *testing.T) {
	r := runScript(t, "eventhooks.mjs", turns(bash("toolu_ls", "ls does-not-exist-3c"),
		bash("toolu_touch", "touch made.txt"), say("finished")))
	if r.get(t, "results", 0, "result") != "finished" || r.length(t, "events") != 3 || r.get(t, "asked") != float64(0) {
		t.Fatalf("summary = %v", r.summary)
	}
	if r.get(t, "events", 0, "event") != "SessionStart" || r.get(t, "events", 0, "source") != "startup" ||
		r.get(t, "events", 0, "transcript") != true {
		t.Errorf("SessionStart = %v", r.get(t, "events", 0))
	}
	fail := r.get(t, "events", 1).(map[string]any)
	if fail["event"] != "PostToolUseFailure" || fail["id"] != "toolu_ls" || fail["command"] != "ls does-not-exist-3c" ||
		!strings.Contains(fmt.Sprint(fail["error"]), "does-not-exist-3c") || fail["interrupt"] != false {
		t.Errorf("PostToolUseFailure = %v", fail)
	}
	if perm := r.get(t, "events", 2).(map[string]any); perm["event"] != "PermissionRequest" || perm["command"] != "touch made.txt" {
		t.Errorf("PermissionRequest = %v", perm)
	}
	if !strings.Contains(r.body(t, 0), "session-context-5d2") {
		t.Errorf("the SessionStart context is not in the first request")
	}
	if _, err := os.Stat(filepath.Join(r.work, "made.txt")); err != nil {
		t.Errorf("the call the hook allowed did not run: %v", err)
	}
}

// The SDK's supportedCommands() lists a project's custom command as
// Claude Code 2.1.332 reports it (the source after the description; a
// YAML list "[name]" as argument hint shows as "name"), and a /command
// prompt reaches the model expanded.
func TestCustomCommands(t *testing.T) {
	work := t.TempDir()
	cmdDir := filepath.Join(work, ".claude", "commands")
	if err := os.MkdirAll(cmdDir, 0o755); err != nil {
		t.Fatal(err)
	}
	def := "---\ndescription: Greet someone\nargument-hint: [name]\n---\nSay hello to $0 and $1.\n"
	if err := os.WriteFile(filepath.Join(cmdDir, "greet.md"), []byte(def), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runScriptIn(t, "commands.mjs", turns(say("hello said")), work)
	if r.get(t, "greet", "description") != "Greet someone (project)" || r.get(t, "greet", "argumentHint") != "name" {
		t.Errorf("supportedCommands greet = %v", r.get(t, "greet"))
	}
	if r.get(t, "results", 0, "result") != "hello said" {
		t.Errorf("results = %v", r.get(t, "results"))
	}
	b := r.body(t, 0)
	if !strings.Contains(b, `<command-name>/greet</command-name>`) || !strings.Contains(b, "Say hello to sdk and world.") {
		t.Errorf("the command was not expanded: %s", b)
	}
}
