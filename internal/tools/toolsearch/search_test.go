package toolsearch

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"corvid/internal/tool"
)

func fake(name, desc string) tool.Tool {
	return &tool.Func{ToolName: name, Desc: desc, Schema: json.RawMessage(`{"type":"object"}`)}
}

func namesOf(ts []tool.Tool) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.Name())
	}
	return out
}

func TestParseQuery(t *testing.T) {
	tests := []struct {
		in   string
		want Query
		err  error
	}{
		{"select:a,b, a ,", Query{Select: []string{"a", "b"}}, nil},
		{"  select:mcp__x__y", Query{Select: []string{"mcp__x__y"}}, nil},
		{"GitHub  +Issue", Query{Terms: []string{"github"}, Required: []string{"issue"}}, nil},
		{"select:", Query{}, ErrEmptyQuery},
		{"select: , ", Query{}, ErrEmptyQuery},
		{"   ", Query{}, ErrEmptyQuery},
		{"+", Query{}, ErrEmptyQuery},
	}
	for _, tt := range tests {
		got, err := ParseQuery(tt.in)
		if !errors.Is(err, tt.err) || fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ParseQuery(%q) = %+v, %v; want %+v, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestMatchRanks: a whole name part beats a part of a name, which beats
// the description; ties keep the registry's order; required terms must be
// in the name; max bounds the answer.
func TestMatchRanks(t *testing.T) {
	tools := []tool.Tool{
		fake("mcp__jira__create_ticket", "Creates an issue in Jira"),
		fake("mcp__github__list_issues", "Lists issues"),
		fake("mcp__github__create_issue", "Opens a new issue"),
		fake("mcp__slack__send", "Sends a message"),
		fake("mcp__gitlab__create_issue", "Opens a new issue on GitLab"),
	}
	tests := []struct {
		q    string
		max  int
		want []string
	}{
		{"issue", 5, []string{"mcp__github__create_issue", "mcp__gitlab__create_issue", "mcp__github__list_issues", "mcp__jira__create_ticket"}},
		{"github create", 5, []string{"mcp__github__create_issue", "mcp__jira__create_ticket", "mcp__github__list_issues", "mcp__gitlab__create_issue"}},
		{"+github create", 5, []string{"mcp__github__create_issue", "mcp__github__list_issues"}},
		{"issue", 2, []string{"mcp__github__create_issue", "mcp__gitlab__create_issue"}},
		{"MESSAGE", 5, []string{"mcp__slack__send"}},
		{"kubernetes", 5, []string{}},
		{"+nothing send", 5, []string{}},
	}
	for _, tt := range tests {
		q, err := ParseQuery(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := namesOf(q.Match(tools, tt.max)); !slices.Equal(got, tt.want) {
			t.Errorf("%q (max %d) = %q, want %q", tt.q, tt.max, got, tt.want)
		}
	}
}

func TestPolicy(t *testing.T) {
	big := []tool.Tool{&tool.Func{ToolName: "mcp__a__b", Desc: string(make([]byte, 2491)), Schema: json.RawMessage(`{}`)}}
	// (9 + 2491 + 2) bytes / 2.5 = 1000 tokens.
	if n := Tokens(big); n != 1000 {
		t.Fatalf("Tokens = %d, want 1000", n)
	}
	tests := []struct {
		env    string
		window int
		want   bool
		bad    bool
	}{
		{"", 10000, true, false},  // 1000 ≥ 10% of 10000
		{"", 10001, false, false}, // 1000 < 1000.1
		{"auto", 10000, true, false},
		{"auto:5", 20000, true, false},
		{"auto:5", 20001, false, false},
		{"auto:0", 1 << 30, true, false},
		{"auto:100", 1, false, false},
		{"true", 1 << 30, true, false},
		{"false", 1, false, false},
		{"sometimes", 10000, true, true}, // unreadable: an error, and the default
		{"auto:x", 10001, false, true},
	}
	for _, tt := range tests {
		p, err := ParsePolicy(tt.env)
		if (err != nil) != tt.bad {
			t.Errorf("ParsePolicy(%q) error %v", tt.env, err)
		}
		if got := p.Exceeds(big, tt.window); got != tt.want {
			t.Errorf("ENABLE_TOOL_SEARCH=%q window %d: Exceeds = %v, want %v", tt.env, tt.window, got, tt.want)
		}
	}
	if p, _ := ParsePolicy("true"); p.Exceeds(nil, 1) {
		t.Error("no tools never exceed")
	}
}
