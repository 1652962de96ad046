package providertest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"corvid/internal/provider"
)

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"hi"`, `{"text":"hi","type":"text"}`},
		{`{"type":"text","text":"hi"}`, `{"text":"hi","type":"text"}`},
		{`{"type":"text","cache_control":{"type":"ephemeral"},"text":"hi"}`, `{"text":"hi","type":"text"}`},
		{`{"type":"tool_result","tool_use_id":"a","content":[{"type":"text","text":"x","cache_control":{"type":"ephemeral"}}]}`,
			`{"content":[{"text":"x","type":"text"}],"tool_use_id":"a","type":"tool_result"}`},
		{`{"name":"Read","input_schema":{"b":1,"a":2}}`, `{"input_schema":{"b":1,"a":2},"name":"Read"}`},
	}
	for _, tc := range tests {
		var m marks
		got := canonical([]byte(tc.in), &m)
		if string(got) != tc.want {
			t.Errorf("canonical(%s) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

func TestLayoutTokensAndMarks(t *testing.T) {
	raw := `{"model":"m","tools":[{"name":"T","cache_control":{"type":"ephemeral","ttl":"1h"}}],` +
		`"system":"abcd","messages":[{"role":"user","content":[{"type":"text","text":"x","cache_control":{"type":"ephemeral"}},"y"]}]}`
	els := layoutPrompt([]byte(raw))
	// {"name":"T"} is 12 bytes: 3 tokens; {"text":"abcd","type":"text"}
	// is 29: 8; {"text":"x","type":"text"} is 26: 7; "y" likewise.
	wantEnd, wantMarks := []int{3, 11, 18, 25}, []int{1, 0, 1, 0}
	if len(els) != 4 {
		t.Fatalf("%d elements, want 4", len(els))
	}
	for i, e := range els {
		if e.end != wantEnd[i] || e.marks != wantMarks[i] || e.ttl1h != (i == 0) {
			t.Errorf("element %d: end %d marks %d ttl1h %v", i, e.end, e.marks, e.ttl1h)
		}
	}
	// The same text as the first block of an assistant message is a
	// different prefix: the role is part of it.
	other := layoutPrompt([]byte(strings.Replace(raw, `"role":"user"`, `"role":"assistant"`, 1)))
	if other[1].hash != els[1].hash || other[2].hash == els[2].hash {
		t.Error("role does not (only) change the hash of the message's blocks")
	}
}

// fakeEls is a prefix of n one-token elements with breakpoints at bps.
func fakeEls(seed string, n int, bps ...int) []element {
	els := make([]element, n)
	for i := range els {
		copy(els[i].hash[:], fmt.Sprintf("%s-%d", seed, i))
		els[i].end = i + 1
	}
	for _, b := range bps {
		els[b].marks = 1
	}
	return els
}

func TestCacheLRUBounded(t *testing.T) {
	c := newPromptCache(CacheConfig{MinTokens: new(0), MaxEntries: 3})
	for i := range 5 {
		c.price(fakeEls(fmt.Sprint("p", i), 4, 3))
	}
	if n := c.entries(); n != 3 {
		t.Fatalf("%d entries, want the cap of 3", n)
	}
	if u := c.price(fakeEls("p0", 4, 3)); u.Read != 0 {
		t.Errorf("evicted prefix still cached: %v", u)
	}
	// Now p3 is the oldest. A hit on it (from a longer request whose own
	// breakpoint is new) keeps it, and p4 and p0 go first.
	if u := c.price(fakeEls("p3", 6, 5)); u.Read != 4 {
		t.Errorf("p3: %v, want a hit", u)
	}
	c.price(fakeEls("p5", 4, 3))
	if u := c.price(fakeEls("p3", 4, 3)); u.Read != 4 {
		t.Errorf("p3 was evicted despite its hit: %v", u)
	}
	if u := c.price(fakeEls("p4", 4, 3)); u.Read != 0 {
		t.Errorf("p4 survived eviction: %v", u)
	}
	if n := c.entries(); n != 3 {
		t.Errorf("%d entries, want 3", n)
	}
}

func TestCacheLookback(t *testing.T) {
	c := newPromptCache(CacheConfig{MinTokens: new(0), Lookback: 3})
	c.price(fakeEls("a", 10, 1))
	if u := c.price(fakeEls("a", 10, 3)); u.Read != 2 {
		t.Errorf("stored prefix 2 blocks before the breakpoint: %v, want read 2", u)
	}
	if u := c.price(fakeEls("a", 10, 5)); u.Read != 4 {
		t.Errorf("stored prefix 2 blocks before the breakpoint: %v, want read 4", u)
	}
	if u := c.price(fakeEls("a", 10, 9)); u.Read != 0 || u.Creation != 10 {
		t.Errorf("stored prefixes 4+ blocks back: %v, want a miss", u)
	}
	// An earlier breakpoint opens its own window: a-1 is 1 back from it,
	// while a-3 and a-5 lie in neither window.
	if u := c.price(fakeEls("a", 10, 2, 8)); u.Read != 2 || u.Creation != 9-2 {
		t.Errorf("two windows: %v, want read 2", u)
	}
	unlimited := newPromptCache(CacheConfig{MinTokens: new(0)})
	unlimited.price(fakeEls("b", 10, 1))
	if u := unlimited.price(fakeEls("b", 10, 9)); u.Read != 2 {
		t.Errorf("no lookback limit: %v, want read 2", u)
	}
}

func TestCacheNoBreakpoints(t *testing.T) {
	c := newPromptCache(CacheConfig{MinTokens: new(0)})
	c.price(fakeEls("a", 5, 4))
	if u := c.price(fakeEls("a", 5)); u.Read != 0 || u.Input != 5 || u.Breakpoints != 0 {
		t.Errorf("no breakpoints: %v, want all input", u)
	}
}

func TestCacheControlRejected(t *testing.T) {
	p := basePrompt() // one breakpoint on the system prompt
	five := p
	res := provider.ToolResultBlock("x", "", false)
	res.Content[0].CacheControl = eph
	five.msgs = []provider.Message{user(provider.TextBlock("go")), assistant(toolUse("x")),
		user(res, mark(provider.TextBlock("a")), mark(provider.TextBlock("b")))}
	five.tools = []provider.ToolDef{{Name: "T", InputSchema: json.RawMessage(`{}`), CacheControl: eph}}
	badTTL := basePrompt()
	badTTL.system[1].CacheControl = &provider.CacheControl{Type: "ephemeral", TTL: "2h"}
	badType := five
	badType.tools = nil
	badRes := provider.ToolResultBlock("x", "", false)
	badRes.Content[0].CacheControl = &provider.CacheControl{Type: "persistent"}
	badType.msgs = []provider.Message{five.msgs[0], five.msgs[1], user(badRes)}
	tests := []struct {
		name, raw, want string
	}{
		{"five", string(five.body()), "A maximum of 4 blocks with cache_control may be provided. Found 5."},
		{"ttl", string(badTTL.body()), "system.1.cache_control.ttl: Input should be '5m' or '1h'"},
		{"type", string(badType.body()), "messages.2.content.0.content.0.cache_control.type: Input should be 'ephemeral'"},
	}
	for _, cached := range []bool{true, false} {
		sc := Scenario{Turns: []Turn{{Blocks: []Block{Text("ok")}}}}
		if cached {
			sc.PromptCache = &CacheConfig{}
		}
		s := New(sc)
		for _, tc := range tests {
			resp := post(t, s, []byte(tc.raw))
			e := decodeError(t, resp)
			if resp.StatusCode != http.StatusBadRequest || e.Error.Type != "invalid_request_error" || e.Error.Message != tc.want {
				t.Errorf("cache %v, %s: %d %+v, want 400 %q", cached, tc.name, resp.StatusCode, e.Error, tc.want)
			}
		}
		if vs := s.Violations(); len(vs) != len(tests) || vs[0].Kind != ViolationCacheControl {
			t.Errorf("violations %v", vs)
		}
		// Four breakpoints pass, and the rejected requests used no turn.
		four := five
		four.tools = nil
		resp := post(t, s, four.body())
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != http.StatusOK || s.Remaining() != 0 {
			t.Errorf("four breakpoints: status %d, %d turns left", resp.StatusCode, s.Remaining())
		}
		s.Close()
	}
}

func TestParsePromptCache(t *testing.T) {
	tests := []struct {
		json    string
		wantMin int
		wantErr bool
	}{
		{`{}`, DefaultCacheMinTokens, false},
		{`{"min_tokens":0}`, 0, false},
		{`{"min_tokens":2048,"max_entries":10,"lookback":20}`, 2048, false},
		{`{"min_tokens":-1}`, 0, true},
		{`{"min_token":5}`, 0, true},
	}
	for _, tc := range tests {
		sc, err := Parse([]byte(`{"prompt_cache":` + tc.json + `,"turns":[]}`))
		if (err != nil) != tc.wantErr {
			t.Errorf("%s: err %v", tc.json, err)
			continue
		}
		if err == nil && sc.PromptCache.minTokens() != tc.wantMin {
			t.Errorf("%s: min %d, want %d", tc.json, sc.PromptCache.minTokens(), tc.wantMin)
		}
	}
}

// BenchmarkPriceCache measures the cache model's cost per request on a
// 200-message tool loop (about 120 KB of request body).
func BenchmarkPriceCache(b *testing.B) {
	p := basePrompt()
	p.msgs = nil
	for k := range 100 {
		id := fmt.Sprintf("toolu_%d", k)
		p.msgs = append(p.msgs, user(provider.ToolResultBlock(id, strings.Repeat("some output\n", 40), false)),
			assistant(provider.TextBlock("next"), toolUse(id)))
	}
	p.msgs = append(p.msgs, user(mark(provider.TextBlock("go on"))))
	raw := p.body()
	c := newPromptCache(CacheConfig{})
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		c.price(layoutPrompt(raw))
	}
}
