package mcpattach

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"corvid/internal/mcp"
)

// recorded is testdata/mcp/claudecode/prompts_recorded.json: what Claude
// Code 2.1.332 sent for /mcp__everything__… prompts of server-everything
// (record_prompts.sh re-records it).
type recorded struct {
	Prompt string `json:"prompt"`
	Result string `json:"result"`
	Blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"blocks"`
}

// everythingArgs is server-everything's args-prompt: a required city
// and an optional state, answered as "What's weather in city[, state]?".
var everythingArgs = mcp.Prompt{Name: "args-prompt", Arguments: []mcp.PromptArgument{
	{Name: "city", Description: "Name of the city", Required: true}, {Name: "state", Description: "Name of the state"}}}

func weather(args map[string]string) *mcp.GetPromptResult {
	loc := args["city"]
	if args["state"] != "" {
		loc += ", " + args["state"]
	}
	return &mcp.GetPromptResult{Messages: []mcp.PromptMessage{{Role: "user", Content: mcp.Content{Type: "text", Text: "What's weather in " + loc + "?"}}}}
}

// TestPromptTurnOracle: corvid's turn for the same command is Claude
// Code's, block for block, and a missing argument gets its words.
// (Claude Code splits "New York" at the blank inside the quotes and drops
// words past the last argument; corvid keeps quoted words together and
// joins extra words to the last argument, so those cases differ on
// purpose and are not compared.)
func TestPromptTurnOracle(t *testing.T) {
	b, err := os.ReadFile("../../testdata/mcp/claudecode/prompts_recorded.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	get := func(name string) recorded {
		var r recorded
		if err := json.Unmarshal(rec[name], &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	simple := &mcp.GetPromptResult{Messages: []mcp.PromptMessage{{Role: "user", Content: mcp.Content{Type: "text", Text: "This is a simple prompt without arguments."}}}}
	for _, tc := range []struct {
		name, cmd, args string
		p               mcp.Prompt
		res             func(map[string]string) *mcp.GetPromptResult
	}{
		{"paris", "mcp__everything__args-prompt", "Paris", everythingArgs, weather},
		{"simple", "mcp__everything__simple-prompt", "", mcp.Prompt{Name: "simple-prompt"}, func(map[string]string) *mcp.GetPromptResult { return simple }},
	} {
		r := get(tc.name)
		vals, err := Args(tc.cmd, tc.p, tc.args)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, b := range PromptTurn(tc.cmd, tc.args, "everything", tc.res(vals), 0) {
			got = append(got, b.Text)
		}
		var want []string
		for _, b := range r.Blocks {
			want = append(want, b.Text)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, want)
		}
	}
	_, err = Args("mcp__everything__args-prompt", everythingArgs, "")
	if want := get("missing").Result; !errors.Is(err, ErrMissingArgument) || err.Error() != want {
		t.Fatalf("missing: %v, want %q", err, want)
	}
}
