package providertest

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/provider"
)

var (
	eph   = &provider.CacheControl{Type: "ephemeral"}
	eph1h = &provider.CacheControl{Type: "ephemeral", TTL: "1h"}
)

// prompt is a request under construction for the cache tests.
type prompt struct {
	model  string
	tools  []provider.ToolDef
	system []provider.Block
	msgs   []provider.Message
}

func (p prompt) body() []byte {
	data, err := json.Marshal(map[string]any{
		"model": p.model, "max_tokens": 1024, "stream": true,
		"tools": p.tools, "system": p.system, "messages": p.msgs,
	})
	if err != nil {
		panic(err)
	}
	return data
}

// basePrompt is one tool, a long system prompt with a breakpoint on its
// last block, and one user message: about 1500 estimated tokens before
// the message.
func basePrompt() prompt {
	return prompt{
		model: "claude-test",
		tools: []provider.ToolDef{{Name: "Read", Description: "read a file",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)}},
		system: []provider.Block{
			provider.TextBlock("You are a test agent."),
			{Type: provider.BlockText, Text: strings.Repeat("Follow the rules. ", 330), CacheControl: eph},
		},
		msgs: []provider.Message{user(provider.TextBlock("hi"))},
	}
}

// mark returns b with a breakpoint.
func mark(b provider.Block) provider.Block {
	b.CacheControl = eph
	return b
}

// cacheServer starts a server with the cache model and n text turns.
func cacheServer(t *testing.T, cfg CacheConfig, n int) *Server {
	t.Helper()
	return Start(t, Scenario{PromptCache: &cfg, Turns: []Turn{{Blocks: []Block{Text("ok")}, Repeat: n}}})
}

// send streams raw and returns the usage of its message_start and
// message_delta, and what the server recorded for it.
func send(t *testing.T, s *Server, raw []byte) (start, delta wireUsage, rec CacheUsage) {
	t.Helper()
	recs, err := stream(t, s, raw)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		var ev struct {
			Message struct {
				Usage wireUsage `json:"usage"`
			} `json:"message"`
			Usage wireUsage `json:"usage"`
		}
		if err := json.Unmarshal([]byte(r.Data), &ev); err != nil {
			t.Fatalf("%s: %v", r.Event, err)
		}
		switch r.Event {
		case "message_start":
			start = ev.Message.Usage
		case "message_delta":
			delta = ev.Usage
		}
	}
	reqs := s.Requests()
	last := reqs[len(reqs)-1]
	if last.Cache == nil {
		t.Fatal("no cache decision recorded")
	}
	return start, delta, *last.Cache
}

// priced sends raw, checks that both usage reports carry the recorded
// decision, and returns it.
func priced(t *testing.T, s *Server, raw []byte) CacheUsage {
	t.Helper()
	start, delta, rec := send(t, s, raw)
	for name, u := range map[string]wireUsage{"message_start": start, "message_delta": delta} {
		if u.InputTokens != rec.Input || u.CacheReadInputTokens != rec.Read || u.CacheCreationInputTokens != rec.Creation {
			t.Errorf("%s usage %+v, recorded %v", name, u, rec)
		}
	}
	if rec.Total() == 0 {
		t.Errorf("empty decision %v", rec)
	}
	return rec
}
