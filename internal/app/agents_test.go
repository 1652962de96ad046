package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"corvid/internal/compact"
	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

type pt = providertest.Turn

func agentCall(id, typ, prompt string) providertest.Block {
	return providertest.ToolUse(id, "Agent", map[string]any{"description": "a task", "prompt": prompt,
		"subagent_type": typ})
}

func text(s string) providertest.Block { return providertest.Text(s) }

// agentEnv is a fake-API environment with its own config directory, so
// the test can read the transcripts.
func agentEnv(t *testing.T, srv *providertest.Server) (envMap, string) {
	dir := t.TempDir()
	return fakeAPI(srv).with("CORVID_CONFIG_DIR", dir), dir
}

// toolResults returns the tool_result blocks of the request's last
// message, by tool_use id.
func toolResults(req providertest.Request) map[string]provider.Block {
	out := map[string]provider.Block{}
	last := req.Messages[len(req.Messages)-1]
	for _, b := range last.Content {
		if b.Type == provider.BlockToolResult {
			out[b.ToolUseID] = b
		}
	}
	return out
}

func resultText(b provider.Block) string {
	var s string
	for _, c := range b.Content {
		s += c.Text
	}
	return s
}

// waitRequests polls until n requests arrived (bounded).
func waitRequests(t *testing.T, srv *providertest.Server, n int) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for len(srv.Requests()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d requests arrived", len(srv.Requests()), n)
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, bounded
	}
}

// Interrupting the parent while three sub-agents wait on the model stops
// all three: the turn ends interrupted, every Agent call has exactly one
// result in the transcript, each sub-agent's transcript is a valid
// conversation, and no goroutine is left behind.
func TestInterruptStopsEverySubAgent(t *testing.T) {
	before := goleak.IgnoreCurrent()
	hang := pt{Stall: providertest.StallHeaders, Blocks: []providertest.Block{text("never")}}
	srv := providertest.New(providertest.Scenario{AllowUnused: true,
		Turns: []pt{{Blocks: []providertest.Block{agentCall("toolu_1", "Explore", "M-ONE"),
			agentCall("toolu_2", "Explore", "M-TWO"), agentCall("toolu_3", "general-purpose", "M-THREE")}}},
		Routes: []providertest.Route{{Marker: "M-ONE", Turns: []pt{hang}}, {Marker: "M-TWO", Turns: []pt{hang}},
			{Marker: "M-THREE", Turns: []pt{hang}}}})
	env, cfgDir := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd = t.TempDir()
	interrupt := make(chan struct{})
	opts.Interrupt = interrupt
	go func() {
		waitRequests(t, srv, 4)
		close(interrupt)
	}()
	start := time.Now()
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || res.Subtype != event.SubtypeDuringExecution {
		t.Fatalf("result %+v, want an interrupted turn", res)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("the interrupt took %v", d)
	}
	main := loadOnly(t, filepath.Join(cfgDir, "projects", "*", "*.jsonl"), 1)[0]
	counts := map[string]int{}
	for _, m := range main.Messages {
		for _, b := range m.Content {
			if b.Type == provider.BlockToolResult {
				counts[b.ToolUseID]++
			}
		}
	}
	for _, id := range []string{"toolu_1", "toolu_2", "toolu_3"} {
		if counts[id] != 1 {
			t.Errorf("%s has %d results in the transcript, want 1 (%v)", id, counts[id], counts)
		}
	}
	loadOnly(t, filepath.Join(cfgDir, "projects", "*", "*", "subagents", "agent-*.jsonl"), 3)
	srv.Close()
	goleak.VerifyNone(t, before)
}

// loadOnly loads the n transcripts matching pattern, each valid.
func loadOnly(t *testing.T, pattern string, n int) []*session.Transcript {
	t.Helper()
	paths, _ := filepath.Glob(pattern)
	if len(paths) != n {
		t.Fatalf("%d transcripts match %s, want %d", len(paths), pattern, n)
	}
	var out []*session.Transcript
	for _, p := range paths {
		tr, err := session.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := compact.Validate(tr.Messages); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, tr)
	}
	return out
}

// An unknown agent type, a sub-agent that runs out of turns and a
// definition file that does not parse each give a clear message, and the
// session goes on to its answer.
func TestBadAgentInputKeepsTheSessionGoing(t *testing.T) {
	loop := providertest.ToolUse("", "Glob", map[string]any{"pattern": "*.go"})
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{agentCall("toolu_bad", "no-such-agent", "x"),
			agentCall("toolu_loop", "looper", "M-LOOP")}}, {Blocks: []providertest.Block{text("carried on")}}},
		Routes: []providertest.Route{{Marker: "M-LOOP", Turns: []pt{{Blocks: []providertest.Block{loop}}}}}})
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd = t.TempDir()
	writeFile(t, filepath.Join(opts.Cwd, ".claude", "agents", "broken.md"), "---\nname: broken\ndescription: x\n")
	writeFile(t, filepath.Join(opts.Cwd, ".claude", "agents", "typo.md"),
		"---\nname: typo\ndescription: has a bad tool\ntools: Read, Raed\n---\nbody\n")
	opts.AgentsJSON = `{"looper": {"description": "loops", "prompt": "loop", "maxTurns": 1}}`
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || res.Text != "carried on" {
		t.Fatalf("result %+v, want the session to go on", res)
	}
	results := toolResults(srv.Requests()[2])
	bad := resultText(results["toolu_bad"])
	if !results["toolu_bad"].IsError || !strings.Contains(bad, `unknown agent type "no-such-agent"`) ||
		!strings.Contains(bad, "Explore") {
		t.Errorf("unknown type result %q, want an error naming the type and the available ones", bad)
	}
	loop2 := resultText(results["toolu_loop"])
	if !results["toolu_loop"].IsError || !strings.Contains(loop2, "maximum number of turns (1)") {
		t.Errorf("max turns result %q, want an error naming the limit", loop2)
	}
	stderr := opts.Stderr.(interface{ String() string }).String()
	for _, want := range []string{"broken.md:1: frontmatter opened with --- is never closed",
		`typo.md: agent typo: unknown tool "Raed"`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q lacks %q", stderr, want)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

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
