package app

import (
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
