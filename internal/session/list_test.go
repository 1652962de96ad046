package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
)

func writeSession(t *testing.T, dir, id string, age time.Duration, prompts ...string) {
	t.Helper()
	path := filepath.Join(dir, id+".jsonl")
	w := NewWriter(path, testMeta)
	must(w.User([]provider.Block{text("<system-reminder>injected</system-reminder>")}, UserOptions{IsMeta: true}))
	for _, p := range prompts {
		must(w.User([]provider.Block{text(p)}, UserOptions{}))
		must(w.Assistant(AssistantEntry{MessageID: "m", Model: "m", Block: text("ok")}))
	}
	w.Close()
	when := time.Now().Add(-age)
	os.Chtimes(path, when, when)
}

func TestListAndFormat(t *testing.T) {
	dir := t.TempDir()
	writeSession(t, dir, "old", 2*time.Hour, "first\n  question", "second")
	writeSession(t, dir, "new", time.Minute, strings.Repeat("long prompt ", 20))
	writeSession(t, dir, "mid", time.Hour, "middle")
	os.WriteFile(filepath.Join(dir, "empty.jsonl"), []byte(`{"type":"cost-state","costState":{}}`+"\n"), 0o600)
	infos := must(List(dir, 0))
	var ids []string
	for _, in := range infos {
		ids = append(ids, in.ID)
	}
	if strings.Join(ids, ",") != "new,mid,old" {
		t.Fatalf("order %v", ids)
	}
	old := infos[2]
	if old.FirstPrompt != "first question" || old.Messages != 5 || old.Path != filepath.Join(dir, "old.jsonl") {
		t.Errorf("old: %+v", old)
	}
	if p := infos[0].FirstPrompt; len([]rune(p)) != 80 || !strings.HasSuffix(p, "…") || !strings.HasPrefix(p, "long prompt long") {
		t.Errorf("preview %q", p)
	}
	if got := must(List(dir, 2)); len(got) != 2 || got[1].ID != "mid" {
		t.Errorf("limit 2: %+v", got)
	}
	table := FormatList(infos[1:])
	wantTable := "SESSION  MODIFIED          MESSAGES  FIRST PROMPT\n" +
		"mid      " + infos[1].Modified.Local().Format("2006-01-02 15:04") + "  3         middle\n" +
		"old      " + old.Modified.Local().Format("2006-01-02 15:04") + "  5         first question\n"
	if table != wantTable {
		t.Errorf("table:\n%s\nwant:\n%s", table, wantTable)
	}
	if FormatList(nil) != "No sessions found.\n" {
		t.Error("empty list")
	}
	if got := must(List(filepath.Join(dir, "missing"), 0)); len(got) != 0 {
		t.Errorf("missing dir: %+v", got)
	}
}
