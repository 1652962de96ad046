package sdktest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

func toolUse(id, name string, in map[string]any) providertest.Block {
	return providertest.ToolUse(id, name, in)
}

// An SDK in-process MCP server (createSdkMcpServer) connects over
// mcp_message: its tools are offered, mcp__calc__add runs in the host and
// its result reaches the next request; mcp__calc__wipe, denied by a
// disallowedTools rule, is not offered and never runs. Claude Code
// 2.1.332 behaves the same (testdata/mcp/claudecode/sdk_mcp.json).
func TestSDKMCPServer(t *testing.T) {
	sc := turns(providertest.Turn{Blocks: []providertest.Block{
		toolUse("toolu_add", "mcp__calc__add", map[string]any{"a": 2, "b": 3}),
		toolUse("toolu_wipe", "mcp__calc__wipe", map[string]any{})}}, say("done"))
	r := runScript(t, "sdkmcp.mjs", sc)
	if r.length(t, "calls") != 1 || r.get(t, "calls", 0, "tool") != "add" || r.get(t, "calls", 0, "a") != float64(2) {
		t.Fatalf("handler calls = %v (stderr %s)", r.get(t, "calls"), r.stderr)
	}
	if r.get(t, "toolResults", 0, "text") != "sum is 5 (calc-7e1)" || r.get(t, "toolResults", 0, "is_error") != false {
		t.Errorf("add result = %v", r.get(t, "toolResults", 0))
	}
	if r.get(t, "toolResults", 1, "is_error") != true {
		t.Errorf("wipe result = %v", r.get(t, "toolResults", 1))
	}
	if !strings.Contains(r.body(t, 1), "sum is 5 (calc-7e1)") {
		t.Errorf("the handler's result is not in the next request: %s", r.body(t, 1))
	}
	if b := r.body(t, 0); !strings.Contains(b, `"name":"mcp__calc__add"`) || strings.Contains(b, `"name":"mcp__calc__wipe"`) {
		t.Errorf("offered tools: %s", b)
	}
	if r.get(t, "status", 0, "name") != "calc" || r.get(t, "status", 0, "status") != "connected" {
		t.Errorf("mcpServerStatus = %v", r.get(t, "status"))
	}
	if r.get(t, "initServers", 0, "status") != "connected" || r.get(t, "initServers", 0, "source") != "sdk" {
		t.Errorf("init mcp_servers = %v", r.get(t, "initServers"))
	}
	if r.get(t, "results", 0, "result") != "done" {
		t.Errorf("results = %v", r.get(t, "results"))
	}
	// The oracle: the same script driving Claude Code 2.1.332 saw exactly
	// this (testdata/mcp/claudecode/record_sdk.sh).
	data, err := os.ReadFile("../testdata/mcp/claudecode/sdk_mcp.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.summary, want) {
		got, _ := json.Marshal(r.summary)
		t.Errorf("corvid's run differs from Claude Code's:\n got %s\nwant %s", got, data)
	}
}

// --permission-prompt-tool mcp__calc__gate with the gate an SDK server's
// tool: it allows one Bash call (with an updatedInput, which is what
// runs) and denies another, whose message the model gets.
func TestSDKMCPPromptTool(t *testing.T) {
	r := runScript(t, "sdkmcp.mjs", turns(bash("toolu_touch", "touch asked.txt"), bash("toolu_rm", "rm -f keep.txt"),
		say("done")), "PROMPT_TOOL=1")
	if r.length(t, "gateAsked") != 2 || r.get(t, "gateAsked", 0, "tool_name") != "Bash" ||
		r.get(t, "gateAsked", 0, "tool_use_id") != "toolu_touch" || r.get(t, "gateAsked", 0, "input", "command") != "touch asked.txt" {
		t.Fatalf("the gate was asked %v (stderr %s)", r.get(t, "gateAsked"), r.stderr)
	}
	if _, err := os.Stat(filepath.Join(r.work, "gated.txt")); err != nil {
		t.Errorf("the updatedInput command did not run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(r.work, "asked.txt")); err == nil {
		t.Errorf("the original command ran")
	}
	if r.get(t, "toolResults", 1, "text") != "the calc gate refuses rm" || r.get(t, "toolResults", 1, "is_error") != true {
		t.Errorf("denied result = %v", r.get(t, "toolResults", 1))
	}
	if !strings.Contains(r.body(t, 2), "the calc gate refuses rm") {
		t.Errorf("the model was not told the gate's message")
	}
}

// An SDK server's tool that never answers: interrupt() ends the turn with
// a result promptly, the transcript answers the call, and the process
// ends (runScript fails if node does not).
func TestSDKMCPInterrupt(t *testing.T) {
	r := runScript(t, "sdkmcphang.mjs", turns(providertest.Turn{Blocks: []providertest.Block{
		toolUse("toolu_hang", "mcp__slow__hang", map[string]any{})}}))
	if r.get(t, "started") != float64(1) || r.length(t, "results") != 1 ||
		r.get(t, "results", 0, "subtype") != "error_during_execution" {
		t.Fatalf("summary = %v (stderr %s)", r.summary, r.stderr)
	}
	if ms := r.get(t, "ms").(float64); ms < 0 || ms > 10000 {
		t.Errorf("the result came %.0f ms after interrupt()", ms)
	}
	t.Logf("interrupt() to result: %.0f ms", r.get(t, "ms"))
	checkTranscript(t, r.work, r.get(t, "results", 0, "session_id").(string), "toolu_hang")
}
