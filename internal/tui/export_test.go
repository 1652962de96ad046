package tui

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// msgConv is the fake conversation with a transcript.
type msgConv struct {
	*fakeConv
	msgs []provider.Message
}

func (c *msgConv) Messages() []provider.Message { return c.msgs }

func exportHarness(t *testing.T, msgs []provider.Message) (*harness, string) {
	dir := t.TempDir()
	fc := &fakeConv{}
	h := newHarness(t, 100, nil, func(o *Options) {
		o.Cwd = dir
		o.Open = func(_ context.Context, sink event.Sink, asker permission.Asker, _ string) (Backend, error) {
			fc.sink, fc.asker = sink, asker
			return &msgConv{fakeConv: fc, msgs: msgs}, nil
		}
	})
	return h, dir
}

func exportMessages() []provider.Message {
	long := strings.Repeat("line\n", 14)
	return []provider.Message{
		{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("<system-reminder>x</system-reminder>"),
			provider.TextBlock("list the files\nplease")}},
		{Role: provider.RoleAssistant, Content: []provider.Block{{Type: provider.BlockThinking, Thinking: "hmm"},
			provider.TextBlock("Listing them."),
			{Type: provider.BlockToolUse, ID: "t1", Name: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}}},
		{Role: provider.RoleUser, Content: []provider.Block{{Type: provider.BlockToolResult, ToolUseID: "t1",
			Content: []provider.Block{provider.TextBlock(long)}}}},
		{Role: provider.RoleAssistant, Content: []provider.Block{provider.TextBlock("Fourteen lines.")}},
	}
}

// /export <file> writes the prompts, answers and tool lines (thinking
// and reminders left out, a long result cut) and never overwrites.
func TestExportToFile(t *testing.T) {
	h, dir := exportHarness(t, exportMessages())
	h.typeLine("/export out.txt")
	path := filepath.Join(dir, "out.txt")
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Exported the conversation to "+path) })
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, data)
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.typeLine("/export out.txt")
	h.waitFor("the refusal", func(p, _ string) bool { return strings.Contains(p, "file exists") })
	if got, _ := os.ReadFile(path); string(got) != "mine" {
		t.Fatalf("an existing file was overwritten: %q", got)
	}
	h.typeLine("/export")
	dated := filepath.Join(dir, "2026-11-26-040000-conversation.txt")
	h.waitFor("the dated file", func(p, _ string) bool { return strings.Contains(p, dated) })
	if got, _ := os.ReadFile(dated); string(got) != string(data) {
		t.Fatalf("dated export differs:\n%s", got)
	}
}

// /export clipboard sends the text to the terminal as OSC 52.
func TestExportToClipboard(t *testing.T) {
	h, _ := exportHarness(t, exportMessages())
	h.typeLine("/export clipboard")
	h.waitFor("the note", func(p, _ string) bool { return strings.Contains(p, "Copied the conversation") })
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(exportText(exportMessages())))
	if !strings.Contains(h.term.String(), want) {
		t.Fatalf("no OSC 52 with the conversation in the terminal output")
	}
}

// capText keeps whole lines within the cap and says how much it left out.
func TestExportCap(t *testing.T) {
	s := strings.Repeat("0123456789\n", 100) // 1100 bytes
	got, cut := capText(s, 105)
	if cut == "" || !strings.HasPrefix(got, strings.Repeat("0123456789\n", 9)+"[… 1001 more bytes") {
		t.Fatalf("capText = %q, %q", got, cut)
	}
	if got, cut := capText(s, len(s)); got != s || cut != "" {
		t.Fatal("text within the cap was changed")
	}
}
