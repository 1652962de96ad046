package mcptool

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mcpc "corvid/internal/mcp"
	"corvid/internal/provider"
	"corvid/internal/spill"
	"corvid/internal/tool"
)

type fakeCaller struct{ res *mcpc.CallToolResult }

func (f fakeCaller) Call(context.Context, string, string, json.RawMessage, func(mcpc.Progress)) (*mcpc.CallToolResult, error) {
	return f.res, nil
}

func run(t *testing.T, res *mcpc.CallToolResult, o Options) (*tool.Result, string) {
	t.Helper()
	dir := t.TempDir()
	tl := New(fakeCaller{res}, mcpc.ServerTool{Server: "s", Tool: mcpc.Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`)}}, o)
	r, err := tl.Call(context.Background(), tool.Call{ID: "toolu_1", Input: json.RawMessage(`{}`),
		Env: tool.Env{SessionDir: dir}, Progress: func(tool.Progress) {}})
	if err != nil {
		t.Fatal(err)
	}
	return r, dir
}

func TestConvertBlocks(t *testing.T) {
	png := base64.StdEncoding.EncodeToString([]byte("\x89PNG fake"))
	big := base64.StdEncoding.EncodeToString(make([]byte, maxImage+1))
	res := &mcpc.CallToolResult{IsError: true, Content: []mcpc.Content{
		{Type: "text", Text: "a"}, {Type: "text", Text: "b"},
		{Type: "image", Data: png, MIMEType: "image/png"},
		{Type: "image", Data: big, MIMEType: "image/png"},
		{Type: "image", Data: "!!", MIMEType: "image/png"},
		{Type: "image", Data: png, MIMEType: "image/tiff"},
		{Type: "audio", Data: png, MIMEType: "audio/wav"},
		{Type: "resource_link", URI: "file:///x", Name: "x"},
		{Type: "resource", Resource: &mcpc.ResourceContents{URI: "mem://t", Text: "inner"}},
		{Type: "resource", Resource: &mcpc.ResourceContents{URI: "mem://b", MIMEType: "application/zip", Blob: png}},
		{Type: "hologram"},
	}}
	r, _ := run(t, res, Options{})
	if !r.IsError {
		t.Error("isError lost")
	}
	if len(r.Content) != 3 || r.Content[0].Text != "a\nb" || r.Content[1].Type != provider.BlockImage ||
		r.Content[1].Source.Data != png || r.Content[1].Source.MediaType != "image/png" {
		t.Fatalf("blocks %+v", r.Content)
	}
	text := r.Content[2].Text
	for _, want := range []string{"over 5242880 bytes", "not valid base64", "unsupported type", "[audio content: audio/wav",
		"[resource link: x (file:///x)]", "[resource mem://t]\ninner", "[resource mem://b: application/zip", `unsupported content of type "hologram"`} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

// TestCapSpills: text over the cap is cut to it, and the whole text is in
// the file named in the note.
func TestCapSpills(t *testing.T) {
	long := strings.Repeat("é", 3000) // 6000 bytes
	r, dir := run(t, &mcpc.CallToolResult{Content: []mcpc.Content{{Type: "text", Text: long}}},
		Options{MaxTokens: 1000, Spill: spill.NewBudget(spill.Limits{})})
	if len(r.Content) != 2 || len(r.Content[0].Text) != 4000 || !strings.HasPrefix(long, r.Content[0].Text) {
		t.Fatalf("head: %d blocks, %d bytes", len(r.Content), len(r.Content[0].Text))
	}
	path := filepath.Join(dir, "tool-results", "mcp-toolu_1.txt")
	if !strings.Contains(r.Content[1].Text, path) {
		t.Errorf("note %q does not name %s", r.Content[1].Text, path)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != long {
		t.Errorf("spilled %d bytes (%v), want the whole %d", len(b), err, len(long))
	}
	// Within the cap nothing is written.
	r, dir = run(t, &mcpc.CallToolResult{Content: []mcpc.Content{{Type: "text", Text: "short"}}}, Options{MaxTokens: 1000})
	if len(r.Content) != 1 || r.Content[0].Text != "short" {
		t.Errorf("short result %+v", r.Content)
	}
	if _, err := os.Stat(filepath.Join(dir, "tool-results")); err == nil {
		t.Error("a short result was spilled")
	}
}

type progressCaller struct{}

func (progressCaller) Call(_ context.Context, _, _ string, _ json.RawMessage, progress func(mcpc.Progress)) (*mcpc.CallToolResult, error) {
	progress(mcpc.Progress{Progress: 1, Total: 4})
	progress(mcpc.Progress{Progress: 2, Total: 4, Message: "half way"})
	return &mcpc.CallToolResult{Content: []mcpc.Content{{Type: "text", Text: "ok"}}}, nil
}

// TestProgressReported: the server's progress notifications become the
// call's tool progress.
func TestProgressReported(t *testing.T) {
	tl := New(progressCaller{}, mcpc.ServerTool{Server: "s", Tool: mcpc.Tool{Name: "t"}}, Options{})
	var got []string
	_, err := tl.Call(context.Background(), tool.Call{ID: "x", Input: json.RawMessage(`{}`),
		Progress: func(p tool.Progress) { got = append(got, p.Message) }})
	if err != nil || strings.Join(got, "|") != "1/4|half way" {
		t.Errorf("progress %q, err %v", got, err)
	}
}
