package mcp

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestStatusOrderMatchesClaudeCode: statuses come in the order Claude
// Code 2.1.332 lists system/init mcp_servers (recorded by
// testdata/mcp/claudecode/record.sh), with the same source names.
func TestStatusOrderMatchesClaudeCode(t *testing.T) {
	b, err := os.ReadFile("../../testdata/mcp/claudecode/init_mcp_servers.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Servers []struct{ Name, Source string } `json:"mcp_servers"`
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	var want []string
	l := &Loaded{}
	for i := len(rec.Servers) - 1; i >= 0; i-- { // reversed: the order must come from Status
		s := rec.Servers[i]
		l.Servers = append(l.Servers, Server{Name: s.Name, Scope: Scope(s.Source), Source: "test",
			Config: ServerConfig{Command: "/nonexistent/" + s.Name}})
	}
	for _, s := range rec.Servers {
		want = append(want, s.Name+"@"+s.Source)
	}
	m := Start(l, Options{})
	defer m.Close()
	m.Wait(context.Background(), generous)
	var got []string
	for _, s := range m.Status() {
		got = append(got, s.Name+"@"+string(s.Scope))
	}
	if !slices.Equal(got, want) {
		t.Errorf("status order %q, Claude Code's %q", got, want)
	}
}
