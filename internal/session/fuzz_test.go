package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/provider"
)

// FuzzLoad feeds arbitrary bytes to Load and LoadFinished: a failure on
// content must be ErrUnreadable (said, not a crash or a silent loss), and
// a success must return a history in
// which every tool_use is answered in the next message and in which
// Repair finds nothing more to fix.
func FuzzLoad(f *testing.F) {
	w, path := newTestWriter(f)
	writeConversation(f, w)
	must(0, w.CostState(map[string]int{"turns": 1}))
	must(w.User([]provider.Block{text("in progress")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m9", Model: "x", Block: toolUse("t9", "Bash", `{}`)}))
	w.Close()
	f.Add(must(os.ReadFile(path)))
	f.Add([]byte("not json\n{\"type\":\"user\"}"))
	f.Add([]byte(`{"type":"cost-state","costState":{}}` + "\n" + `{"type":"user","uuid":"a","parentUuid":"a","message":{"role":"user","content":"x"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "s.jsonl")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		for name, load := range map[string]func(string) (*Transcript, error){"Load": Load, "LoadFinished": LoadFinished} {
			tr, err := load(p)
			if errors.Is(err, ErrUnreadable) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkAnswered(t, name, tr.Messages)
			if _, n := Repair(tr.Messages); n != 0 {
				t.Fatalf("%s: %d repairs left after loading %q", name, n, data)
			}
		}
	})
}

func checkAnswered(t *testing.T, name string, msgs []provider.Message) {
	for i, m := range msgs {
		if m.Role != provider.RoleAssistant {
			continue
		}
		for _, u := range m.ToolUses() {
			if i+1 >= len(msgs) || !hasResult(msgs[i+1], u.ID) {
				t.Fatalf("%s: tool_use %s in message %d is not answered", name, u.ID, i)
			}
		}
	}
}

func hasResult(m provider.Message, id string) bool {
	for _, b := range m.Content {
		if b.Type == provider.BlockToolResult && b.ToolUseID == id {
			return true
		}
	}
	return false
}
