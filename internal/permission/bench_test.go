package permission_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// benchRules are 50 rules of the kinds a settings file holds.
func benchRules() []string {
	var lines []string
	for i := range 20 {
		lines = append(lines, fmt.Sprintf("allow project Bash(npm run task%d *)", i))
	}
	for i := range 10 {
		lines = append(lines, fmt.Sprintf("deny user Bash(tool%d *)", i))
		lines = append(lines, fmt.Sprintf("deny project Read(./secret%d/**)", i))
	}
	lines = append(lines, "allow project Bash(go test *)", "allow project Bash(tee *)",
		"ask project Bash(git push *)", "deny project Bash(rm -rf *)", "deny project Read(.env)",
		"allow project Edit(/src/**)", "allow local WebFetch(domain:*.example.com)", "deny cli mcp__x",
		"allow project Read(~/notes/**)", "ask project Edit(*.lock)")
	return lines
}

// BenchmarkDecision measures one decision for a typical compound
// command with 50 rules loaded (the target: at most 50µs).
func BenchmarkDecision(b *testing.B) {
	w := newWorld(b)
	lines := benchRules()
	if len(lines) != 50 {
		b.Fatalf("%d rules, want 50", len(lines))
	}
	e, errs := permission.New(w.config(b, lines, permission.ModeDefault))
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	req := permission.Request{Tool: fakeTool("Bash"),
		Input: json.RawMessage(`{"command":"cd src && go test ./... 2>&1 | tee out.log"}`)}
	if d := e.Check(context.Background(), req); d.Behavior != tool.PermissionAllow {
		b.Fatalf("decision %+v, want allow", d)
	}
	b.ReportAllocs()
	for b.Loop() {
		e.Check(context.Background(), req)
	}
}

// BenchmarkDecisionColdParse is BenchmarkDecision with a command the
// shell analysis has not seen (1,000 commands in turn, more than it
// remembers): the cost of a decision whose parse is not cached.
func BenchmarkDecisionColdParse(b *testing.B) {
	w := newWorld(b)
	e, errs := permission.New(w.config(b, benchRules(), permission.ModeDefault))
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	reqs := make([]permission.Request, 1000)
	for i := range reqs {
		reqs[i] = permission.Request{Tool: fakeTool("Bash"), Input: json.RawMessage(
			fmt.Sprintf(`{"command":"cd src && go test ./... 2>&1 | tee out%d.log"}`, i))}
		if d := e.Check(context.Background(), reqs[i]); d.Behavior != tool.PermissionAllow {
			b.Fatalf("decision %+v, want allow", d)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.Check(context.Background(), reqs[i%len(reqs)])
		i++
	}
}

// BenchmarkDecisionRead measures a Read decision with the same rules.
func BenchmarkDecisionRead(b *testing.B) {
	w := newWorld(b)
	e, _ := permission.New(w.config(b, benchRules(), permission.ModeDefault))
	req := permission.Request{Tool: fakeTool("Read"),
		Input: json.RawMessage(`{"file_path":"` + w.repo + `/src/lib/util.ts"}`)}
	if d := e.Check(context.Background(), req); d.Behavior != tool.PermissionAllow {
		b.Fatalf("decision %+v, want allow", d)
	}
	b.ReportAllocs()
	for b.Loop() {
		e.Check(context.Background(), req)
	}
}
