package sdk

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"corvid/internal/event"
)

// Task frames have the fields, in the order, and the values Claude Code
// 2.1.332 writes for background shells and agents (recorded by
// testdata/claudecode/tasks/record.sh), run_id aside: corvid writes
// none (the SDK types mark it optional). A foreground command's task
// frames (is_backgrounded false) are not corvid's.
func TestTaskFramesMatchClaudeCode(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "claudecode", "tasks", "frames.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		ev, ok := taskEvent(rec)
		if !ok {
			continue
		}
		delete(rec, "run_id")
		want := mustMarshal(t, rec)
		seen[rec["subtype"].(string)+"/"+rec["tool_use_id"].(string)]++
		fr := newFramer(Options{NewUUID: func() string { return "<UUID>" }})
		fr.sessionID = "<UUID>"
		got, ok := fr.frame(ev)
		if !ok {
			t.Fatalf("no frame for %+v", ev)
		}
		if w, g := keyOrder(t, recordedOrder(t, sc.Bytes())), keyOrder(t, mustMarshal(t, got)); w != g {
			t.Errorf("keys\n got %s\nwant %s", g, w)
		}
		var back map[string]any
		_ = json.Unmarshal(mustMarshal(t, got), &back)
		if b := mustMarshal(t, back); string(b) != string(want) {
			t.Errorf("frame\n got %s\nwant %s", b, want)
		}
	}
	for _, k := range []string{"task_started/toolu_ok", "task_started/toolu_bad", "task_started/toolu_slow", "task_started/toolu_ag",
		"task_notification/toolu_ok", "task_notification/toolu_bad", "task_notification/toolu_slow", "task_notification/toolu_ag"} {
		if seen[k] != 1 {
			t.Errorf("%s: %d frames compared, want 1", k, seen[k])
		}
	}
}

// recordedOrder is the recorded frame without run_id, its keys in order.
func recordedOrder(t *testing.T, line []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	_, _ = dec.Token()
	out := []byte("{")
	for dec.More() {
		k, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if k.(string) == "run_id" {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, mustMarshal(t, k)...), ':'), v...)
	}
	return append(out, '}')
}

// taskEvent is the event a recorded background task frame stands for.
func taskEvent(rec map[string]any) (event.Event, bool) {
	s := func(k string) string { v, _ := rec[k].(string); return v }
	if bg, ok := rec["is_backgrounded"].(bool); s("subtype") == SubtypeTaskStarted && ok && bg {
		return event.TaskStarted{Task: event.Task{ID: s("task_id"), ToolUseID: s("tool_use_id"), Type: s("task_type"),
			Description: s("description"), AgentType: s("subagent_type"), Prompt: s("prompt"), Status: event.TaskRunning}}, true
	}
	if s("subtype") != SubtypeTaskNotification || s("output_file") == "" {
		return nil, false
	}
	t := event.Task{ID: s("task_id"), ToolUseID: s("tool_use_id"), Type: event.TaskLocalBash, Status: s("status"),
		OutputFile: s("output_file"), Summary: s("summary")}
	if t.Status == "stopped" {
		t.Status = event.TaskKilled
	}
	if u, ok := rec["usage"].(map[string]any); ok {
		t.Type = event.TaskLocalAgent
		t.Tokens, t.ToolUses = int(u["total_tokens"].(float64)), int(u["tool_uses"].(float64))
		t.Started = time.Unix(0, 0)
		t.Ended = t.Started.Add(time.Duration(u["duration_ms"].(float64)) * time.Millisecond)
	}
	return event.TaskFinished{Task: t}, true
}
