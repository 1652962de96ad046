package permission_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// peek is a new file-reading tool that exists only in this file: it
// describes itself through package tool's optional interfaces and is
// registered (Config.Tools), and nothing else in the permission package
// knows its name.
type peek struct{ tool.Base }

func (peek) Name() string                 { return "Peek" }
func (peek) Description() string          { return "peek at a file" }
func (peek) InputSchema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (peek) Kind() tool.Kind              { return tool.KindRead }
func (peek) SubjectField() string         { return "target" }
func (peek) RuleParams() []string         { return []string{"lines"} }
func (peek) RuleFamily() tool.Family      { return tool.Family{Name: "Read", Cover: tool.CoverDenyAsk} }
func (peek) AccessPath(in json.RawMessage, _ string) (string, error) {
	return tool.InputPath(in, "target")
}
func (peek) Call(context.Context, tool.Call) (*tool.Result, error) { return tool.ErrorText("no"), nil }

// run is a new tool that reaches a network address: it is judged like
// WebFetch, by host.
type run struct{ tool.Base }

func (run) Name() string                 { return "Run" }
func (run) Description() string          { return "run a command" }
func (run) InputSchema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (run) Kind() tool.Kind              { return tool.KindFetch }
func (run) RuleSubjects(in json.RawMessage) []string {
	return []string{tool.InputString(in, "address")}
}
func (run) Call(context.Context, tool.Call) (*tool.Result, error) { return tool.ErrorText("no"), nil }

// mcpTool is an MCP tool: no self-description at all.
func mcpTool() tool.Tool { return &tool.Func{ToolName: "mcp__srv__do", ReadOnly: tool.Always(false)} }

func TestNewToolIsClassifiedByItsOwnDescription(t *testing.T) {
	w := newWorld(t)
	cfg := permission.Config{Tools: append(permission.TestTools(), peek{}, run{}), WorkDirs: []string{w.repo},
		Home: w.home}
	cfg.Deny = []permission.RuleSource{w.source(permission.SourceProject, "Read(./.env)"),
		w.source(permission.SourceProject, "Peek(lines:9*)")}
	cfg.Allow = []permission.RuleSource{w.source(permission.SourceProject, "Run(domain:example.com)")}
	e, errs := permission.New(cfg)
	for _, err := range errs {
		t.Fatal(err)
	}
	check := func(tl tool.Tool, input string) permission.Decision {
		return e.Check(t.Context(), permission.Request{Tool: tl, Input: json.RawMessage(input), WorkDir: w.repo})
	}
	tests := []struct {
		name  string
		tool  tool.Tool
		input string
		want  tool.PermissionBehavior
	}{
		// A read inside the working directory needs nobody (KindRead).
		{"read inside", peek{}, `{"target":"` + filepath.Join(w.repo, "src/main.go") + `"}`, tool.PermissionAllow},
		// Outside it asks, which in -p (no Asker) is a deny.
		{"read outside", peek{}, `{"target":"` + filepath.Join(w.out, "data.txt") + `"}`, tool.PermissionDeny},
		// Read's deny rule covers the tool through its family.
		{"family deny", peek{}, `{"target":"` + filepath.Join(w.repo, ".env") + `"}`, tool.PermissionDeny},
		// Its own parameter is known to rules.
		{"param deny", peek{}, `{"target":"` + filepath.Join(w.repo, "notes.txt") + `","lines":90}`, tool.PermissionDeny},
		{"no path", peek{}, `{}`, tool.PermissionDeny},
		// A fetch-kind tool is judged by host.
		{"fetch allowed host", run{}, `{"address":"https://example.com/x"}`, tool.PermissionAllow},
		{"fetch other host", run{}, `{"address":"https://other.org/x"}`, tool.PermissionDeny},
		// An MCP tool that describes nothing is "ask" (deny without an Asker).
		{"mcp tool", mcpTool(), `{"path":"` + filepath.Join(w.repo, "src/main.go") + `"}`, tool.PermissionDeny},
	}
	for _, tt := range tests {
		if d := check(tt.tool, tt.input); d.Behavior != tt.want {
			t.Errorf("%s: got %s (%s), want %s", tt.name, d.Behavior, d.Reason, tt.want)
		}
	}
	// The call's tool is consulted even when the catalog lacks it (a tool
	// that appeared after the engine was built).
	late, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home})
	d := late.Check(t.Context(), permission.Request{Tool: peek{}, WorkDir: w.repo,
		Input: json.RawMessage(`{"target":"` + filepath.Join(w.repo, "src/main.go") + `"}`)})
	if d.Behavior != tool.PermissionAllow {
		t.Errorf("late tool: got %s (%s), want allow", d.Behavior, d.Reason)
	}
}

func TestUnknownToolIsNeverReadOnly(t *testing.T) {
	w := newWorld(t)
	for _, mode := range []permission.Mode{permission.ModeDefault, permission.ModePlan, permission.ModeAcceptEdits} {
		e, _ := permission.New(permission.Config{Tools: permission.TestTools(), Mode: mode,
			WorkDirs: []string{w.repo}, Home: w.home})
		// A tool named like a built-in but unknown to the catalog and
		// without a description of its own is judged as KindOther.
		for _, name := range []string{"mcp__srv__read_file", "Peek"} {
			d := e.Explain(name, json.RawMessage(`{"file_path":"`+filepath.Join(w.repo, "src/main.go")+`"}`))
			if d.Behavior == tool.PermissionAllow {
				t.Errorf("%s in %s: allowed (%s); an undescribed tool must not be", name, mode, d.Reason)
			}
		}
	}
}

// An engine built without tool descriptions cannot understand its
// rules: it denies everything, even in bypassPermissions, rather than let
// a deny rule it could not parse go unenforced.
func TestNoToolsFailsClosed(t *testing.T) {
	w := newWorld(t)
	e, errs := permission.New(permission.Config{Mode: permission.ModeBypass, WorkDirs: []string{w.repo}, Home: w.home,
		Deny: []permission.RuleSource{w.source(permission.SourceProject, "Bash(rm *)")}})
	if len(errs) == 0 || !errors.Is(errs[0], permission.ErrNoTools) {
		t.Errorf("errors %v, want ErrNoTools first", errs)
	}
	d := e.Check(t.Context(), permission.Request{Tool: &tool.Func{ToolName: "Bash"},
		Input: json.RawMessage(`{"command":"rm -rf src"}`), WorkDir: w.repo})
	if d.Behavior != tool.PermissionDeny {
		t.Errorf("Check: %s (%s), want deny", d.Behavior, d.Reason)
	}
	if d := e.Explain("Read", json.RawMessage(`{"file_path":"`+filepath.Join(w.repo, "notes.txt")+`"}`)); d.Behavior != tool.PermissionDeny {
		t.Errorf("Explain: %s, want deny", d.Behavior)
	}
}
