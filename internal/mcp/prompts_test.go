package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"corvid/internal/jsonrpc"
)

// promptsAndResources answers the fixture's prompts and resources:
// prompt "greet" (required who, optional mood), "picture" (text and an
// image), "grow" (adds prompt "grown" and notifies prompts/list_changed);
// resource fixture://text, fixture://hang (never answered) and the
// template fixture://big/{n} (n bytes). With FIXTURE_HANG_PROMPTS=1,
// prompts/list is never answered.
func (f *fixture) promptsAndResources(m *jsonrpc.Message, reply func(any), send func([]byte)) {
	var p struct {
		Name      string
		URI       string
		Arguments map[string]string
	}
	_ = json.Unmarshal(m.Params, &p)
	text := func(t string) map[string]any {
		return map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": t}}
	}
	switch m.Method {
	case "prompts/list":
		if os.Getenv("FIXTURE_HANG_PROMPTS") == "1" {
			return
		}
		list := []map[string]any{
			{"name": "greet", "description": "Greets someone", "arguments": []map[string]any{
				{"name": "who", "required": true}, {"name": "mood"}}},
			{"name": "picture"}, {"name": "grow"}}
		f.mu.Lock()
		if f.grownP {
			list = append(list, map[string]any{"name": "grown"})
		}
		f.mu.Unlock()
		reply(map[string]any{"prompts": list})
	case "prompts/get":
		f.getPrompt(m, p.Name, p.Arguments, reply, send, text)
	case "resources/list":
		reply(map[string]any{"resources": []map[string]any{
			{"uri": "fixture://text", "name": "text", "mimeType": "text/plain"}, {"uri": "fixture://hang", "name": "hang"}}})
	case "resources/templates/list":
		reply(map[string]any{"resourceTemplates": []map[string]any{{"uriTemplate": "fixture://big/{n}", "name": "big"}}})
	case "resources/read":
		switch {
		case p.URI == "fixture://hang":
			return
		case p.URI == "fixture://text":
			reply(map[string]any{"contents": []map[string]any{{"uri": p.URI, "mimeType": "text/plain", "text": "fixture text"}}})
		case strings.HasPrefix(p.URI, "fixture://big/"):
			n, _ := strconv.Atoi(strings.TrimPrefix(p.URI, "fixture://big/"))
			reply(map[string]any{"contents": []map[string]any{{"uri": p.URI, "mimeType": "text/plain", "text": strings.Repeat("x", n)}}})
		default:
			out, _ := jsonrpc.Response(m.ID, nil, &jsonrpc.Error{Code: -32002, Message: "Resource not found"})
			send(out)
		}
	}
}

// getPrompt answers prompts/get for name.
func (f *fixture) getPrompt(m *jsonrpc.Message, name string, args map[string]string, reply func(any), send func([]byte),
	text func(string) map[string]any) {
	msgs := func(ms ...map[string]any) { reply(map[string]any{"messages": ms}) }
	f.mu.Lock()
	grown := f.grownP
	f.mu.Unlock()
	switch {
	case name == "greet":
		msgs(text("Greet " + args["who"] + " (mood: " + args["mood"] + ")"))
	case name == "picture":
		img := base64.StdEncoding.EncodeToString([]byte("\x89PNG fake"))
		msgs(text("Look:"), map[string]any{"role": "user", "content": map[string]any{"type": "image", "mimeType": "image/png", "data": img}})
	case name == "grow":
		f.mu.Lock()
		f.grownP = true
		f.mu.Unlock()
		b, _ := jsonrpc.Request(nil, "notifications/prompts/list_changed", nil)
		send(b)
		msgs(text("grew"))
	case name == "grown" && grown:
		msgs(text("new"))
	default:
		out, _ := jsonrpc.Response(m.ID, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown prompt " + name})
		send(out)
	}
}

func promptNames(m *Manager) []string {
	var out []string
	for _, p := range m.Prompts() {
		out = append(out, p.Server+"/"+p.Prompt.Name)
	}
	slices.Sort(out)
	return out
}

// TestPrompts: a server's prompts are listed at connection with their
// arguments, and prompts/get fills them.
func TestPrompts(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	if got := promptNames(m); !slices.Equal(got, []string{"fx/greet", "fx/grow", "fx/picture"}) {
		t.Fatalf("prompts %v", got)
	}
	var greet Prompt
	for _, p := range m.Prompts() {
		if p.Prompt.Name == "greet" {
			greet = p.Prompt
		}
	}
	if greet.Description != "Greets someone" || len(greet.Arguments) != 2 || !greet.Arguments[0].Required || greet.Arguments[1].Required {
		t.Fatalf("greet %+v", greet)
	}
	res, err := m.GetPrompt(context.Background(), "fx", "greet", map[string]string{"who": "Ann", "mood": "glad"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Content.Text != "Greet Ann (mood: glad)" {
		t.Fatalf("messages %+v", res.Messages)
	}
	res, err = m.GetPrompt(context.Background(), "fx", "picture", nil)
	if err != nil || len(res.Messages) != 2 || res.Messages[1].Content.Type != "image" || res.Messages[1].Content.MIMEType != "image/png" {
		t.Fatalf("picture %+v %v", res, err)
	}
	if _, err := m.GetPrompt(context.Background(), "nope", "greet", nil); !errors.Is(err, ErrUnknownServer) {
		t.Fatalf("unknown server: %v", err)
	}
	if _, err := m.GetPrompt(context.Background(), "fx", "nope", nil); err == nil || !strings.Contains(err.Error(), `MCP server "fx"`) {
		t.Fatalf("unknown prompt: %v", err)
	}
}

// TestPromptsListChanged: a server that adds a prompt has its prompt list
// refreshed.
func TestPromptsListChanged(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	if _, err := m.GetPrompt(context.Background(), "fx", "grow", nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(generous)
	for !slices.Contains(promptNames(m), "fx/grown") {
		if time.Now().After(deadline) {
			t.Fatalf("no refresh after prompts/list_changed: %v", promptNames(m))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestReadResourceHangs: a read the server never answers ends with its
// context, and the server stays usable.
func TestReadResourceHangs(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := m.ReadResource(ctx, "fx", "fixture://hang"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("hang: %v", err)
	}
	res, err := m.ReadResource(context.Background(), "fx", "fixture://text")
	if err != nil || len(res.Contents) != 1 || res.Contents[0].Text != "fixture text" {
		t.Fatalf("after the hang: %+v %v", res, err)
	}
}

// TestPromptsListHangs: a server that never answers prompts/list still
// connects, with its tools, well within its start timeout; it has no
// prompts, and a warning says why.
func TestPromptsListHangs(t *testing.T) {
	warned := make(chan error, 4)
	srv := fixtureServer(t, "fx", map[string]string{"FIXTURE_HANG_PROMPTS": "1"})
	m := Start(&Loaded{Servers: []Server{srv}, Reasons: map[string]string{}},
		Options{Environ: os.Environ(), StartTimeout: generous, Warn: func(_ string, err error) { warned <- err }})
	defer m.Close()
	if !m.Wait(context.Background(), generous) {
		t.Fatal("still connecting")
	}
	if st := m.Status(); st[0].State != StateConnected || len(st[0].Tools) == 0 {
		t.Fatalf("status %+v", st)
	}
	if len(m.Prompts()) != 0 {
		t.Fatalf("prompts %v", m.Prompts())
	}
	if err := <-warned; !strings.Contains(err.Error(), "listing prompts") {
		t.Fatalf("warning %v", err)
	}
}

// TestPromptsAfterDrop: a server that exits keeps its prompts listed, and
// getting one restarts it.
func TestPromptsAfterDrop(t *testing.T) {
	m := start(t, fixtureServer(t, "fx", nil))
	if _, err := m.Call(context.Background(), "fx", "die", nil, nil); err == nil {
		t.Fatal("die returned no error")
	}
	waitFor(t, func() bool { return m.Status()[0].State == StateFailed }, "the drop to be seen")
	if got := promptNames(m); !slices.Contains(got, "fx/greet") {
		t.Fatalf("prompts after the drop: %v", got)
	}
	res, err := m.GetPrompt(context.Background(), "fx", "greet", map[string]string{"who": "Bo"})
	if err != nil || res.Messages[0].Content.Text != "Greet Bo (mood: )" || m.Status()[0].State != StateConnected {
		t.Fatalf("after reconnect: %+v %v %+v", res, err, m.Status()[0])
	}
}
