package mcp

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// addPromptFixtures gives the fixture server prompts and resources:
// prompt "greet" (required who, optional mood), "picture" (text and an
// image), "grow" (adds prompt "grown", which notifies
// prompts/list_changed); resource fixture://text, fixture://hang (never
// answers until cancelled) and the template fixture://big/{n} (n bytes).
func addPromptFixtures(s *mcp.Server) {
	if os.Getenv("FIXTURE_HANG_PROMPTS") == "1" { // prompts/list never answered
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "prompts/list" {
					<-ctx.Done()
					return nil, ctx.Err()
				}
				return next(ctx, method, req)
			}
		})
	}
	user := func(c mcp.Content) *mcp.PromptMessage { return &mcp.PromptMessage{Role: "user", Content: c} }
	s.AddPrompt(&mcp.Prompt{Name: "greet", Description: "Greets someone", Arguments: []*mcp.PromptArgument{
		{Name: "who", Required: true}, {Name: "mood"}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			a := req.Params.Arguments
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				user(&mcp.TextContent{Text: "Greet " + a["who"] + " (mood: " + a["mood"] + ")"})}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "picture"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
			user(&mcp.TextContent{Text: "Look:"}),
			user(&mcp.ImageContent{MIMEType: "image/png", Data: []byte("\x89PNG fake")})}}, nil
	})
	s.AddPrompt(&mcp.Prompt{Name: "grow"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		s.AddPrompt(&mcp.Prompt{Name: "grown"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{user(&mcp.TextContent{Text: "new"})}}, nil
		})
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{user(&mcp.TextContent{Text: "grew"})}}, nil
	})
	s.AddResource(&mcp.Resource{URI: "fixture://text", Name: "text", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: req.Params.URI, MIMEType: "text/plain", Text: "fixture text"}}}, nil
		})
	s.AddResource(&mcp.Resource{URI: "fixture://hang", Name: "hang"},
		func(ctx context.Context, _ *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "fixture://big/{n}", Name: "big"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			n := 0
			for _, r := range strings.TrimPrefix(req.Params.URI, "fixture://big/") {
				n = n*10 + int(r-'0')
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: req.Params.URI, MIMEType: "text/plain", Text: strings.Repeat("x", n)}}}, nil
		})
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
