package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/provider"
)

// One writer per session: while a Writer has the transcript, Open, Resume
// and a second Writer's first entry get ErrLocked; after Close the
// transcript can be taken again.
func TestLockIsExclusive(t *testing.T) {
	w, path := newTestWriter(t)
	if Busy(path) {
		t.Fatal("busy before anything was written")
	}
	must(w.User([]provider.Block{text("one")}, UserOptions{}))
	if !Busy(path) {
		t.Fatal("not busy while a writer has it")
	}
	if _, err := Open(path, testMeta); !errors.Is(err, ErrLocked) {
		t.Errorf("Open: %v, want ErrLocked", err)
	}
	if _, _, err := Resume(path, testMeta); !errors.Is(err, ErrLocked) {
		t.Errorf("Resume: %v, want ErrLocked", err)
	}
	second := NewWriter(path, testMeta)
	if _, err := second.User([]provider.Block{text("intruder")}, UserOptions{}); !errors.Is(err, ErrLocked) {
		t.Errorf("a second writer's entry: %v, want ErrLocked", err)
	}
	second.Close()
	must(0, w.Close())
	w2, tr, err := Resume(path, testMeta)
	if err != nil {
		t.Fatalf("Resume after Close: %v", err)
	}
	if len(tr.Messages) != 1 || tr.Messages[0].Text() != "one" {
		t.Errorf("resumed %+v", tr.Messages)
	}
	must(w2.User([]provider.Block{text("two")}, UserOptions{}))
	if !Busy(path) {
		t.Error("not busy after Resume")
	}
	must(0, w2.Close())
	if Busy(path) {
		t.Error("still busy after Close")
	}
	if got := load(t, path); len(got.Messages) != 1 || got.Messages[0].Text() != "onetwo" {
		t.Errorf("history %+v", got.Messages)
	}
}

// Open locks an existing transcript at once and leaves a missing one to
// the first entry.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	w := must(Open(path, testMeta))
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Open created the file: %v", err)
	}
	must(w.User([]provider.Block{text("x")}, UserOptions{}))
	w.Close()
	w = must(Open(path, testMeta))
	defer w.Close()
	if !Busy(path) {
		t.Error("Open of an existing transcript does not hold its lock")
	}
}

// A fork appears whole and locked: no temporary file is left and no other
// process can write it while its writer lives.
func TestForkIsPublishedLocked(t *testing.T) {
	w, path := newTestWriter(t)
	writeConversation(t, w)
	must(0, w.CostState(map[string]int{"turns": 1}))
	w.Close()
	src := load(t, path)
	fpath := filepath.Join(filepath.Dir(path), "fork.jsonl")
	fw := must(Fork(src, fpath, testMeta))
	if !Busy(fpath) {
		t.Error("the fork is not locked")
	}
	fw.Close()
	ents := must(os.ReadDir(filepath.Dir(path)))
	if len(ents) != 2 {
		t.Errorf("directory holds %d entries, want the source and the fork", len(ents))
	}
	if d := diffMessages(src.Messages, load(t, fpath).Messages); d != "" {
		t.Errorf("fork history (-want +got):\n%s", d)
	}
}

// LoadFinished stops at the last finished turn (the last cost state): the
// turn another process is in the middle of is not part of a fork.
func TestLoadFinished(t *testing.T) {
	w, path := newTestWriter(t)
	must(w.User([]provider.Block{text("turn one")}, UserOptions{}))
	if tr := must(LoadFinished(path)); len(tr.Messages) != 0 || tr.Leaf != "" {
		t.Errorf("no finished turn yet, got %+v", tr.Messages)
	}
	answer := must(w.Assistant(AssistantEntry{MessageID: "m1", Model: "x", Block: text("answer one")}))
	must(0, w.CostState(map[string]int{"turns": 1}))
	must(w.User([]provider.Block{text("turn two")}, UserOptions{}))
	must(w.Assistant(AssistantEntry{MessageID: "m2", Model: "x", Block: toolUse("t1", "Bash", `{}`)}))
	tr := must(LoadFinished(path))
	want := []provider.Message{user(text("turn one")), assistant(text("answer one"))}
	if d := diffMessages(want, tr.Messages); d != "" || tr.Leaf != answer || string(tr.CostState) != `{"turns":1}` {
		t.Errorf("leaf %q cost %s (-want +got):\n%s", tr.Leaf, tr.CostState, d)
	}
	if full := load(t, path); len(full.Messages) != 5 { // with the repair answering t1
		t.Errorf("Load sees %d messages, want all 5", len(full.Messages))
	}
}
