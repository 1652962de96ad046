package mcpattach

import (
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"

	"corvid/internal/mcp"
)

var argsPrompt = mcp.Prompt{Name: "args-prompt", Arguments: []mcp.PromptArgument{
	{Name: "city", Required: true}, {Name: "state"}}}

func TestArgs(t *testing.T) {
	for _, tc := range []struct {
		args string
		want map[string]string
	}{
		{"Paris", map[string]string{"city": "Paris"}},
		{`"New York" NY`, map[string]string{"city": "New York", "state": "NY"}},
		{`'San Francisco' California USA`, map[string]string{"city": "San Francisco", "state": "California USA"}},
		{`  Oslo   ""  `, map[string]string{"city": "Oslo", "state": ""}},
	} {
		got, err := Args("mcp__everything__args-prompt", argsPrompt, tc.args)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Args(%q) = %v, %v; want %v", tc.args, got, err, tc.want)
		}
	}
}

// TestArgsMissing: a required argument left out is an error worded as
// Claude Code words it.
func TestArgsMissing(t *testing.T) {
	_, err := Args("mcp__everything__args-prompt", argsPrompt, "  ")
	if !errors.Is(err, ErrMissingArgument) ||
		err.Error() != "Error: Missing required argument: city. Usage: /mcp__everything__args-prompt city state" {
		t.Fatalf("err %v", err)
	}
	two := mcp.Prompt{Arguments: []mcp.PromptArgument{{Name: "a", Required: true}, {Name: "b", Required: true}}}
	if _, err := Args("p", two, "x"); !errors.Is(err, ErrMissingArgument) || !strings.Contains(err.Error(), "argument: b.") {
		t.Fatalf("second missing: %v", err)
	}
	if got, err := Args("p", mcp.Prompt{}, ""); err != nil || got != nil {
		t.Fatalf("no arguments: %v %v", got, err)
	}
	if _, err := Args("p", mcp.Prompt{}, "stray words"); !errors.Is(err, ErrNoArguments) || !strings.Contains(err.Error(), `"stray words"`) {
		t.Fatalf("words for a prompt without arguments: %v", err)
	}
}

func TestArgumentHint(t *testing.T) {
	if got := ArgumentHint(argsPrompt); got != "city state" {
		t.Fatal(got)
	}
}

// TestPromptTurn: the turn is the command's head block, then each
// message's content as Claude Code 2.1.332 sent it.
func TestPromptTurn(t *testing.T) {
	png := base64.StdEncoding.EncodeToString([]byte("\x89PNG"))
	res := &mcp.GetPromptResult{Messages: []mcp.PromptMessage{
		{Role: "user", Content: mcp.Content{Type: "text", Text: "This prompt includes the Text resource with id: 2."}},
		{Role: "user", Content: mcp.Content{Type: "resource", Resource: &mcp.ResourceContents{URI: "demo://t/2", Text: "Resource 2"}}},
		{Role: "user", Content: mcp.Content{Type: "image", MIMEType: "image/png", Data: png}},
		{Role: "assistant", Content: mcp.Content{Type: "resource", Resource: &mcp.ResourceContents{URI: "demo://b/1", MIMEType: "text/plain", Blob: "QUJD"}}},
	}}
	got := texts(PromptTurn("mcp__everything__resource-prompt", "Text 2", "everything", res, 0))
	want := []string{
		"<command-message>mcp__everything__resource-prompt</command-message>\n<command-name>/mcp__everything__resource-prompt</command-name>\n<command-args>Text 2</command-args>\n",
		"This prompt includes the Text resource with id: 2.",
		"[Resource from everything at demo://t/2] Resource 2",
		"<image>",
		"[Resource from everything at demo://b/1] Binary content (text/plain, 3 bytes), not attached",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	simple := texts(PromptTurn("mcp__e__simple", "", "e", &mcp.GetPromptResult{}, 0))
	if simple[0] != "<command-message>mcp__e__simple</command-message>\n<command-name>/mcp__e__simple</command-name>\n" ||
		len(simple) != 2 || !strings.Contains(simple[1], "returned no messages") {
		t.Fatalf("simple %q", simple)
	}
}

// TestPromptTurnCapped: a prompt's text is capped in total.
func TestPromptTurnCapped(t *testing.T) {
	big := strings.Repeat("y", 3000)
	res := &mcp.GetPromptResult{Messages: []mcp.PromptMessage{
		{Content: mcp.Content{Type: "text", Text: big}}, {Content: mcp.Content{Type: "text", Text: big}}}}
	bs := PromptTurn("p", "", "s", res, 4000)
	total := 0
	for _, b := range bs[1:] {
		total += len(b.Text)
	}
	if len(bs) != 3 || total > 4100 || !strings.Contains(bs[2].Text, "cut at 4000 bytes") {
		t.Fatalf("%d blocks, %d bytes", len(bs), total)
	}
}

// TestPromptTurnManyMessages: at most maxMessages messages reach the
// turn, with a note for the rest.
func TestPromptTurnManyMessages(t *testing.T) {
	res := &mcp.GetPromptResult{}
	for range 250 {
		res.Messages = append(res.Messages, mcp.PromptMessage{Content: mcp.Content{Type: "text", Text: "m"}})
	}
	bs := PromptTurn("p", "", "s", res, 0)
	if len(bs) != 1+maxMessages+1 || !strings.Contains(bs[len(bs)-1].Text, "150 more messages") {
		t.Fatalf("%d blocks, last %q", len(bs), bs[len(bs)-1].Text)
	}
}
