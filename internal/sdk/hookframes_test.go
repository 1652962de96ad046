package sdk

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/event"
)

// Hook frames have the fields, in the order, and the values Claude Code
// 2.1.332 writes (recorded by testdata/claudecode/hooks/record-frames.sh).
func TestHookFramesMatchClaudeCode(t *testing.T) {
	for _, name := range []string{"frames-success.ndjson", "frames-block.ndjson"} {
		f, err := os.Open(filepath.Join("..", "..", "testdata", "claudecode", "hooks", name))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var rec map[string]any
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			ev, ok := hookEvent(rec)
			if !ok {
				continue
			}
			n++
			fr := newFramer(Options{NewUUID: func() string { return "UUID" }})
			got, _ := fr.frame(ev)
			if want, mine := keyOrder(t, sc.Bytes()), keyOrder(t, mustMarshal(t, got)); want != mine {
				t.Errorf("%s: keys\n got %s\nwant %s", name, mine, want)
			}
			var back map[string]any
			_ = json.Unmarshal(mustMarshal(t, got), &back)
			for k, v := range rec {
				if b, _ := json.Marshal(back[k]); string(b) != string(mustMarshal(t, v)) {
					t.Errorf("%s: %s = %s, want %v", name, k, b, v)
				}
			}
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s has no hook frames", name)
		}
	}
}

// hookEvent is the event a recorded hook frame stands for.
func hookEvent(rec map[string]any) (event.Event, bool) {
	s := func(k string) string { v, _ := rec[k].(string); return v }
	switch s("subtype") {
	case SubtypeHookStarted:
		return event.HookStarted{ID: s("hook_id"), Name: s("hook_name"), Event: s("hook_event"), SessionID: s("session_id")}, true
	case SubtypeHookResponse:
		code, _ := rec["exit_code"].(float64)
		return event.HookResponse{ID: s("hook_id"), Name: s("hook_name"), Event: s("hook_event"), SessionID: s("session_id"),
			Output: s("output"), Stdout: s("stdout"), Stderr: s("stderr"), ExitCode: int(code), Outcome: s("outcome")}, true
	}
	return nil, false
}

// keyOrder lists an object's top-level keys in order.
func keyOrder(t *testing.T, data []byte) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	_, _ = dec.Token()
	var keys []byte
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string)+","...)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return string(keys)
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
