package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// Two sub-agents that both read a file and then both write it: the
// second writer is refused (the file changed since its read) and the
// first one's content stays.
func TestStaleSubAgentWriteIsRefused(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "shared.txt")
	writeFile(t, f, "original\n")
	read := func() providertest.Block { return providertest.ToolUse("", "Read", map[string]any{"file_path": f}) }
	write := func(id, content string) providertest.Block {
		return providertest.ToolUse(id, "Write", map[string]any{"file_path": f, "content": content})
	}
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{agentCall("toolu_a", "general-purpose", "M-A"),
			agentCall("toolu_b", "general-purpose", "M-B")}}, {Blocks: []providertest.Block{text("done")}}},
		Routes: []providertest.Route{
			{Marker: "M-A", Turns: []pt{{Blocks: []providertest.Block{read()}},
				{Stall: providertest.StallHeaders, StallFor: 500 * time.Millisecond,
					Blocks: []providertest.Block{write("w_a", "from a\n")}},
				{Blocks: []providertest.Block{text("a wrote")}}}},
			{Marker: "M-B", Turns: []pt{{Blocks: []providertest.Block{read()}},
				{Stall: providertest.StallHeaders, StallFor: 2 * time.Second,
					Blocks: []providertest.Block{write("w_b", "from b\n")}},
				{Blocks: []providertest.Block{text("b was refused")}}}}}})
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.PermissionMode = dir, "acceptEdits"
	if res, err := Run(t.Context(), opts); err != nil || res.IsError {
		t.Fatalf("run: %v %+v", err, res)
	}
	got, _ := os.ReadFile(f)
	if string(got) != "from a\n" {
		t.Fatalf("file holds %q, want the first writer's content", got)
	}
	var aResult, bResult provider.Block
	for _, r := range srv.Requests() {
		if r.Route == "" || len(r.Messages) < 3 {
			continue
		}
		for id, b := range toolResults(r) {
			switch id {
			case "w_a":
				aResult = b
			case "w_b":
				bResult = b
			}
		}
	}
	if aResult.IsError {
		t.Errorf("first write refused: %q", resultText(aResult))
	}
	if !bResult.IsError || !strings.Contains(resultText(bResult), "modified since read") {
		t.Errorf("second write result %q, want it refused as stale", resultText(bResult))
	}
}

// Agent(Explore) deny rules refuse that type only; a bare Agent deny rule
// hides the tool.
func TestAgentTypeRules(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{agentCall("toolu_x", "Explore", "M-X"),
			agentCall("toolu_g", "general-purpose", "M-G")}}, {Blocks: []providertest.Block{text("ok")}}},
		Routes: []providertest.Route{{Marker: "M-G", Turns: []pt{{Blocks: []providertest.Block{text("g done")}}}}}})
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.DisallowedTools = t.TempDir(), []string{"Agent(Explore)"}
	if _, err := Run(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	for _, r := range srv.Requests() {
		for _, td := range r.Tools {
			if r.Route == "M-G" && (td.Name == "Agent" || td.Name == "Task") {
				t.Fatal("a sub-agent was offered the Agent tool")
			}
		}
	}
	results := toolResults(srv.Requests()[2])
	if !results["toolu_x"].IsError || results["toolu_g"].IsError || !strings.Contains(resultText(results["toolu_g"]), "g done") {
		t.Fatalf("results %+v, want Explore denied and general-purpose run", results)
	}

	srv2 := providertest.Start(t, providertest.Scenario{Turns: []pt{{Blocks: []providertest.Block{text("hi")}}}})
	env2, _ := agentEnv(t, srv2)
	opts2 := baseOptions(env2)
	opts2.Cwd, opts2.DisallowedTools = t.TempDir(), []string{"Agent"}
	if _, err := Run(t.Context(), opts2); err != nil {
		t.Fatal(err)
	}
	for _, td := range srv2.Requests()[0].Tools {
		if td.Name == "Agent" {
			t.Fatal("a bare Agent deny rule left the tool offered")
		}
	}
}

// A background agent returns at once with its id and output file; its
// completion reaches the model as a reminder on a later request, and its
// report is in the file.
func TestBackgroundAgentNotifies(t *testing.T) {
	bg := providertest.ToolUse("toolu_bg", "Agent", map[string]any{"description": "bg task", "prompt": "M-BG",
		"run_in_background": true})
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{bg}},
			{Blocks: []providertest.Block{agentCall("toolu_wait", "general-purpose", "M-WAIT")}},
			{Blocks: []providertest.Block{text("done")}}},
		Routes: []providertest.Route{
			{Marker: "M-BG", Turns: []pt{{Blocks: []providertest.Block{text("background report")}}}},
			{Marker: "M-WAIT", Turns: []pt{{Stall: providertest.StallHeaders, StallFor: 1500 * time.Millisecond,
				Blocks: []providertest.Block{text("waited")}}}}}})
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd = t.TempDir()
	if res, err := Run(t.Context(), opts); err != nil || res.IsError {
		t.Fatalf("run: %v %+v", err, res)
	}
	var main []providertest.Request
	for _, r := range srv.Requests() {
		if r.Route == "" {
			main = append(main, r)
		}
	}
	launched := resultText(toolResults(main[1])["toolu_bg"])
	if !strings.Contains(launched, "Async agent launched successfully.\nagentId: a") {
		t.Fatalf("launch result %q", launched)
	}
	last, _ := json.Marshal(main[2].Messages[len(main[2].Messages)-1])
	note := string(last)
	i := strings.Index(note, "Its final report is in ")
	if !strings.Contains(note, "Background agent a") || !strings.Contains(note, "completed") || i < 0 {
		t.Fatalf("last request's message %s lacks the completion note", note)
	}
	out := note[i+len("Its final report is in "):]
	out = out[:strings.Index(out, " (read it")]
	if data, err := os.ReadFile(out); err != nil || string(data) != "background report" {
		t.Fatalf("output file %s: %q %v", out, data, err)
	}
}

// Without session persistence a sub-agent runs and keeps no transcript.
func TestSubAgentWithoutPersistence(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{agentCall("toolu_1", "Plan", "M-P")}},
			{Blocks: []providertest.Block{text("planned")}}},
		Routes: []providertest.Route{{Marker: "M-P", Turns: []pt{{Blocks: []providertest.Block{text("the plan")}}}}}})
	env, cfgDir := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd, opts.NoSessionPersistence = t.TempDir(), true
	res, err := Run(t.Context(), opts)
	if err != nil || res.IsError || res.Text != "planned" {
		t.Fatalf("run: %v %+v", err, res)
	}
	if got := resultText(toolResults(srv.Requests()[2])["toolu_1"]); !strings.Contains(got, "the plan") {
		t.Errorf("result %q", got)
	}
	if paths, _ := filepath.Glob(filepath.Join(cfgDir, "projects", "*", "*", "subagents", "*")); len(paths) != 0 {
		t.Errorf("transcripts kept: %v", paths)
	}
}
