package session

import (
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/provider"
)

// FuzzLoad: any file loads without panicking or failing (bad lines are
// skipped), and the history it gives is already repaired: Repair finds
// nothing more to fix, and every tool_use is answered.
func FuzzLoad(f *testing.F) {
	w, path := newTestWriter(f)
	must(w.User([]provider.Block{text("go")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "m", Block: toolUse("t1", "Bash", `{"command":"ls"}`)}))
	w.Close()
	f.Add(must(os.ReadFile(path)))
	f.Add([]byte(`{"type":"user","uuid":"a","message":{"role":"user","content":"hi"}}` + "\n" +
		`{"type":"assistant","uuid":"b","parentUuid":"a","message":{"id":"m","role":"assistant","content":[{"type":"tool_use","id":"t","name":"X","input":{}}]}}` + "\n"))
	f.Add([]byte("not json\n{\"type\":\"user\"}"))
	p := filepath.Join(f.TempDir(), "s.jsonl") // one file per worker process, rewritten each time
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		tr, err := Load(p)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		if _, n := Repair(tr.Messages); n != 0 {
			t.Fatalf("%d repairs left after Load on %q", n, data)
		}
		answered := map[string]bool{}
		for i := len(tr.Messages) - 1; i >= 0; i-- {
			for _, b := range tr.Messages[i].Content {
				switch {
				case b.Type == provider.BlockToolResult:
					answered[b.ToolUseID] = true
				case b.Type == provider.BlockToolUse && !answered[b.ID]:
					t.Fatalf("tool_use %s unanswered after Load on %q", b.ID, data)
				}
			}
		}
	})
}
