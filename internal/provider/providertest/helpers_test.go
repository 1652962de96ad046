package providertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
)

// sseRecord is one parsed server-sent event.
type sseRecord struct {
	Event string
	Data  string
}

// readSSE parses an event stream; the error is whatever ended it early.
func readSSE(r io.Reader) ([]sseRecord, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var out []sseRecord
	var cur sseRecord
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur != (sseRecord{}) {
				out = append(out, cur)
			}
			cur = sseRecord{}
		case strings.HasPrefix(line, "event: "):
			cur.Event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.Data = strings.TrimPrefix(line, "data: ")
		}
	}
	return out, sc.Err()
}

func names(recs []sseRecord) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Event)
	}
	return out
}

// body builds a streaming request body for msgs.
func body(msgs ...provider.Message) []byte {
	data, err := json.Marshal(map[string]any{
		"model": "claude-test", "max_tokens": 1024, "stream": true, "messages": msgs,
	})
	if err != nil {
		panic(err)
	}
	return data
}

func user(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleUser, Content: blocks}
}

func assistant(blocks ...provider.Block) provider.Message {
	return provider.Message{Role: provider.RoleAssistant, Content: blocks}
}

func toolUse(id string) provider.Block {
	return provider.Block{Type: provider.BlockToolUse, ID: id, Name: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
}

func result(id string) provider.Block { return provider.ToolResultBlock(id, "ok", false) }

// hello is the smallest valid conversation.
var hello = body(user(provider.TextBlock("hi")))

// post sends raw to the server's messages endpoint.
func post(t testing.TB, s *Server, raw []byte, header ...string) *http.Response {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/v1/messages?beta=true", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// stream posts raw and parses the whole event stream.
func stream(t testing.TB, s *Server, raw []byte) ([]sseRecord, error) {
	t.Helper()
	resp := post(t, s, raw)
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(resp.Body)
		t.Fatalf("status %d: %s", resp.StatusCode, msg)
	}
	return readSSE(resp.Body)
}

// wireEvent is the union of the streamed event payloads.
type wireEvent struct {
	Type    string `json:"type"`
	Index   int    `json:"index"`
	Message *struct {
		ID    string         `json:"id"`
		Model string         `json:"model"`
		Usage provider.Usage `json:"usage"`
	} `json:"message"`
	ContentBlock *provider.Block `json:"content_block"`
	Delta        struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		Thinking    string `json:"thinking"`
		Signature   string `json:"signature"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage provider.Usage `json:"usage"`
}

// toEvent decodes a record into the provider's event form.
func toEvent(t testing.TB, rec sseRecord) provider.Event {
	t.Helper()
	var w wireEvent
	if err := json.Unmarshal([]byte(rec.Data), &w); err != nil {
		t.Fatalf("event %s: %v: %s", rec.Event, err, rec.Data)
	}
	if w.Type != rec.Event {
		t.Errorf("event %q carries data of type %q", rec.Event, w.Type)
	}
	ev := provider.Event{Type: provider.EventType(w.Type), Index: w.Index, Block: w.ContentBlock,
		StopReason: w.Delta.StopReason, Usage: w.Usage}
	if w.Message != nil {
		ev.MessageID, ev.Model, ev.Usage = w.Message.ID, w.Message.Model, w.Message.Usage
	}
	d := w.Delta
	ev.Delta = provider.Delta{Type: d.Type, Text: d.Text + d.Thinking + d.Signature + d.PartialJSON}
	return ev
}

// assemble folds records into the message they stream.
func assemble(t testing.TB, recs []sseRecord) *provider.Assembler {
	t.Helper()
	a := provider.NewAssembler()
	for _, rec := range recs {
		if _, _, err := a.Add(toEvent(t, rec)); err != nil {
			t.Fatalf("assemble %s: %v", rec.Event, err)
		}
	}
	return a
}

// do sends an arbitrary request.
func do(t testing.TB, method, url, raw string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}
