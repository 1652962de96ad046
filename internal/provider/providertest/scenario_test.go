package providertest

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
)

const exampleJSON = `{
  "name": "read-then-answer",
  "require_api_key": "sk-test",
  "turns": [
    {"status": 529, "repeat": 2},
    {"status": 429, "retry_after": "3"},
    {
      "model": "claude-sonnet-4-5",
      "chunk_delay_ms": 15,
      "chunk_size": 4,
      "usage": {"input_tokens": 120, "output_tokens": 30, "cache_read_input_tokens": 100},
      "blocks": [
        {"type": "thinking", "thinking": "Read it first."},
        {"type": "text", "text": "Let me read the file."},
        {"type": "tool_use", "id": "toolu_read", "name": "Read", "input": {"file_path": "/tmp/a.txt"}}
      ]
    },
    {"blocks": [{"type": "text", "text": "Done."}], "cut_after": 3, "error_event": "overloaded_error"},
    {"blocks": [{"type": "text", "text": "The file says hi."}]}
  ]
}`

func TestParseExample(t *testing.T) {
	sc, err := Parse([]byte(exampleJSON))
	if err != nil {
		t.Fatal(err)
	}
	turn := sc.Turns[2]
	if sc.Name != "read-then-answer" || sc.RequireAPIKey != "sk-test" || len(sc.Turns) != 5 {
		t.Errorf("scenario %+v", sc)
	}
	if turn.ChunkDelay != 15*time.Millisecond || turn.ChunkSize != 4 || turn.Usage.CacheReadInputTokens != 100 {
		t.Errorf("turn %+v", turn)
	}
	if string(turn.Blocks[2].Input) != `{"file_path": "/tmp/a.txt"}` || sc.Turns[0].Repeat != 2 {
		t.Errorf("blocks %+v", turn.Blocks)
	}
}

func TestScenarioRoundTrip(t *testing.T) {
	for _, name := range BuiltinNames() {
		sc, _ := Builtin(name)
		data, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		if !reflect.DeepEqual(back, sc) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", name, back, sc)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(exampleJSON), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(good); err != nil {
		t.Errorf("Load: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"unknown scenario field", `{"turnz": []}`, "unknown field"},
		{"unknown turn field", `{"turns": [{"delay_ms": 5}]}`, "unknown field"},
		{"unknown block field", `{"turns": [{"blocks": [{"type": "text", "txt": "x"}]}]}`, "unknown field"},
		{"unknown block type", `{"turns": [{"blocks": [{"type": "image"}]}]}`, "unknown block type"},
		{"nameless tool", `{"turns": [{"blocks": [{"type": "tool_use"}]}]}`, "needs a name"},
		{"cut past the end", `{"turns": [{"blocks": [{"type": "text", "text": "x"}], "cut_after": 99}]}`, "exceeds"},
		{"error and malformed", `{"turns": [{"cut_after": 1, "error_event": "api_error", "malformed": true}]}`, "exclusive"},
		{"error status and cut", `{"turns": [{"status": 500, "cut_after": 1}]}`, "HTTP error"},
		{"odd status", `{"turns": [{"status": 302}]}`, "status 302"},
		{"negative delay", `{"turns": [{"chunk_delay_ms": -1}]}`, "negative"},
		{"unknown stall", `{"turns": [{"stall": "body"}]}`, "stall \"body\""},
		{"stall and error event", `{"turns": [{"stall": "stream", "error_event": "api_error"}]}`, "stalled turn"},
		{"stall and error status", `{"turns": [{"status": 500, "stall": "headers"}]}`, "HTTP error"},
		{"stall_ms without stall", `{"turns": [{"stall_ms": 5}]}`, "needs a stall"},
		{"trailing data", `{"turns": []} {}`, "trailing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.json))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestBuiltins(t *testing.T) {
	if _, ok := Builtin("nope"); ok {
		t.Error("unknown builtin found")
	}
	sc, ok := Builtin("parallel8")
	if !ok || len(sc.Turns) != 2 {
		t.Fatalf("parallel8: %+v", sc)
	}
	for _, b := range sc.Turns[0].Blocks {
		if b.Type != "tool_use" || b.Name != "Bash" || string(b.Input) != `{"command":"sleep 0.1","description":"Sleep 0.1 s"}` {
			t.Errorf("parallel8 block %+v", b)
		}
	}
	if ov, _ := Builtin("overlap"); ov.Turns[0].ChunkDelay != 20*time.Millisecond || len(ov.Turns[0].Blocks) != 3 {
		t.Errorf("overlap first turn %+v", ov.Turns[0])
	}
}

func TestBuiltinHelloPlays(t *testing.T) {
	sc, _ := Builtin("hello")
	s := Start(t, sc)
	recs, err := stream(t, s, hello)
	if err != nil {
		t.Fatal(err)
	}
	if got := assemble(t, recs).Message().Text(); got != "Hello from the fake API." {
		t.Errorf("text %q", got)
	}
}

func TestBuiltinParallel8Plays(t *testing.T) {
	sc, _ := Builtin("parallel8")
	s := Start(t, sc)
	msgs := []provider.Message{user(provider.TextBlock("sleep eight times"))}
	recs, err := stream(t, s, body(msgs...))
	if err != nil {
		t.Fatal(err)
	}
	reply := assemble(t, recs).Message()
	var results []provider.Block
	for _, b := range reply.ToolUses() {
		results = append(results, result(b.ID))
	}
	if len(results) != 8 {
		t.Fatalf("%d tool uses", len(results))
	}
	msgs = append(msgs, reply, user(results...))
	if _, err := stream(t, s, body(msgs...)); err != nil {
		t.Fatal(err)
	}
}
