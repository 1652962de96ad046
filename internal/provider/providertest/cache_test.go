package providertest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"corvid/internal/provider"
)

func TestCacheSystemPrefix(t *testing.T) {
	s := cacheServer(t, CacheConfig{}, 4)
	p := basePrompt()
	first := priced(t, s, p.body())
	if first.Read != 0 || first.Creation < DefaultCacheMinTokens || first.Input == 0 || first.Breakpoints != 1 {
		t.Fatalf("first request %v: want a write of the tools+system prefix", first)
	}
	second := priced(t, s, p.body())
	if second.Read != first.Creation || second.Creation != 0 || second.Input != first.Input {
		t.Errorf("second request %v, first %v: want the prefix read back", second, first)
	}

	// One byte changed in the system prompt: nothing before it can hit.
	p.system[1].Text = "f" + p.system[1].Text[1:]
	changed := priced(t, s, p.body())
	if changed.Read != 0 || changed.Creation != first.Creation {
		t.Errorf("changed system %v: want a fresh write of %d", changed, first.Creation)
	}
	// Another model shares nothing either.
	p.model = "claude-other"
	if other := priced(t, s, p.body()); other.Read != 0 {
		t.Errorf("other model read %d", other.Read)
	}
}

// TestCacheRollingBreakpoint plays a tool loop whose client puts a
// breakpoint on each new tool_result and a reminder after it.
func TestCacheRollingBreakpoint(t *testing.T) {
	const rounds = 6
	s := cacheServer(t, CacheConfig{}, rounds)
	p := basePrompt()
	p.msgs = nil
	var prev CacheUsage
	for k := range rounds {
		if k > 0 {
			id := fmt.Sprintf("toolu_%d", k)
			p.msgs = append(p.msgs, assistant(provider.TextBlock("reading"), toolUse(id)))
			// The previous turn's breakpoint moves on: only the newest
			// result keeps one.
			last := p.msgs[len(p.msgs)-2].Content
			last[0].CacheControl = nil
		}
		first := provider.TextBlock(fmt.Sprintf("task %d", k))
		if k > 0 {
			first = provider.ToolResultBlock(fmt.Sprintf("toolu_%d", k), strings.Repeat("file line\n", 40), false)
		}
		p.msgs = append(p.msgs, user(mark(first), provider.TextBlock(fmt.Sprintf("<reminder %d>", k))))
		u := priced(t, s, p.body())
		if u.Breakpoints != 2 {
			t.Fatalf("round %d: %d breakpoints", k, u.Breakpoints)
		}
		if k > 0 {
			if u.Read != prev.Read+prev.Creation {
				t.Errorf("round %d: read %d, want the previous request up to its last breakpoint (%d)", k, u.Read, prev.Read+prev.Creation)
			}
			// Written: the old reminder, the assistant turn and the new
			// result; the new reminder, after the breakpoint, is input.
			if u.Creation <= 0 || u.Input != prev.Input {
				t.Errorf("round %d: %v after %v", k, u, prev)
			}
		}
		prev = u
	}
	reqs := s.Requests()
	if share := CacheShare(reqs...); share < 0.5 || share >= 1 {
		t.Errorf("cache share %.3f over %d requests", share, len(reqs))
	}
	if got := CacheShare(reqs[:1]...); got != 0 {
		t.Errorf("share of the first request %.3f, want 0", got)
	}
}

func TestCacheMovedBreakpointKeepsIdentity(t *testing.T) {
	s := cacheServer(t, CacheConfig{}, 4)
	p := basePrompt()
	p.msgs = []provider.Message{user(provider.TextBlock("one")), assistant(provider.TextBlock("two")),
		user(mark(provider.TextBlock(strings.Repeat("three ", 20))))}
	first := priced(t, s, p.body())

	// The system breakpoint is dropped and the message one moves two
	// messages on: the prefix written at "three" still hits.
	p.system[1].CacheControl = nil
	p.msgs[2].Content[0].CacheControl = nil
	p.msgs = append(p.msgs, assistant(provider.TextBlock("four")), user(mark(provider.TextBlock("five"))))
	moved := priced(t, s, p.body())
	if moved.Read != first.Read+first.Creation || moved.Breakpoints != 1 {
		t.Errorf("moved %v, first %v: want a read of the first request's whole prefix", moved, first)
	}

	// A breakpoint before any stored one but after the system prompt
	// reads the system prefix, the longest one stored before it.
	p.msgs[4].Content[0].CacheControl = nil
	p.msgs[0].Content[0].CacheControl = eph
	early := priced(t, s, p.body())
	sys := priced(t, s, basePrompt().body()) // reads exactly the system prefix
	if early.Read == 0 || early.Read != sys.Read || early.Creation == 0 {
		t.Errorf("early %v, system prefix %d: want a read of the system prefix", early, sys.Read)
	}
}

func TestCacheTTLSplit(t *testing.T) {
	s := cacheServer(t, CacheConfig{MinTokens: new(0)}, 1)
	p := basePrompt()
	p.system[1].CacheControl = eph1h
	p.msgs = []provider.Message{user(mark(provider.TextBlock("hi")))}
	start, _, rec := send(t, s, p.body())
	c := start.CacheCreation
	if c == nil || rec.Creation1h == 0 || c.Ephemeral1h != rec.Creation1h || c.Ephemeral5m != rec.Creation-rec.Creation1h || c.Ephemeral5m == 0 {
		t.Errorf("cache_creation %+v, recorded %+v", c, rec)
	}
}

func TestCacheMinTokens(t *testing.T) {
	small := basePrompt()
	small.system = []provider.Block{mark(provider.TextBlock("short system prompt"))}
	t.Run("default", func(t *testing.T) {
		s := cacheServer(t, CacheConfig{}, 2)
		priced(t, s, small.body())
		if u := priced(t, s, small.body()); u.Read != 0 || u.Creation != 0 || u.Input != u.Total() {
			t.Errorf("prefix under the minimum: %v, want all input", u)
		}
	})
	t.Run("zero", func(t *testing.T) {
		s := cacheServer(t, CacheConfig{MinTokens: new(0)}, 2)
		first := priced(t, s, small.body())
		if u := priced(t, s, small.body()); first.Creation == 0 || u.Read != first.Creation {
			t.Errorf("min 0: %v then %v, want a write then a read", first, u)
		}
	})
}

func TestCacheScriptedUsageWins(t *testing.T) {
	scripted := provider.Usage{InputTokens: 7, OutputTokens: 3, CacheReadInputTokens: 5}
	s := Start(t, Scenario{PromptCache: &CacheConfig{}, Turns: []Turn{
		{Blocks: []Block{Text("a")}, Usage: scripted},
		{Blocks: []Block{Text("b")}},
	}})
	p := basePrompt()
	start, delta, rec := send(t, s, p.body())
	if start.InputTokens != 7 || start.CacheReadInputTokens != 5 || delta.OutputTokens != 3 {
		t.Errorf("reported %+v / %+v, want the scripted usage", start, delta)
	}
	if !rec.Scripted || rec.Creation == 0 {
		t.Errorf("recorded %+v: want the model's decision, marked scripted", rec)
	}
	// The scripted turn still wrote the cache.
	if u := priced(t, s, p.body()); u.Read != rec.Creation || u.Scripted {
		t.Errorf("next request %v", u)
	}
}

func TestCacheOffRecordsNothing(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Blocks: []Block{Text("a")}}}})
	recs, err := stream(t, s, basePrompt().body())
	if err != nil {
		t.Fatal(err)
	}
	if u := toEvent(t, recs[0]).Usage; u.InputTokens != 10 || u.CacheCreationInputTokens != 0 {
		t.Errorf("usage %+v, want the made-up counts", u)
	}
	if c := s.Requests()[0].Cache; c != nil {
		t.Errorf("cache decision %v recorded with the model off", c)
	}
}

func TestCacheNestedBreakpoint(t *testing.T) {
	s := cacheServer(t, CacheConfig{MinTokens: new(0)}, 2)
	p := basePrompt()
	p.system[1].CacheControl = nil
	res := provider.ToolResultBlock("toolu_1", "output", false)
	res.Content[0].CacheControl = eph
	p.msgs = []provider.Message{user(provider.TextBlock("go")), assistant(toolUse("toolu_1")),
		user(res, provider.TextBlock("after"))}
	first := priced(t, s, p.body())
	if first.Breakpoints != 1 || first.Input == 0 {
		t.Fatalf("nested breakpoint: %v", first)
	}
	res.Content[0].CacheControl = nil
	res.CacheControl = eph
	p.msgs[2].Content[0] = res
	if u := priced(t, s, p.body()); u.Read != first.Creation {
		t.Errorf("marker moved from nested to its block: %v, want read %d", u, first.Creation)
	}
}

func TestCacheConcurrentRequests(t *testing.T) {
	const n = 8
	s := cacheServer(t, CacheConfig{}, n)
	raw := basePrompt().body()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Go(func() { errs <- fetch(s, raw, len(wantNames(1))) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	<-s.Finished()
	reqs := s.Requests()
	writes := 0
	for _, q := range reqs {
		c := q.Cache
		if c == nil || c.Total() != reqs[0].Cache.Total() || (c.Read == 0) == (c.Creation == 0) {
			t.Fatalf("request %d: %v: want either a write or a read of the whole prefix", q.Index, c)
		}
		if c.Creation > 0 {
			writes++
		}
	}
	// Requests are priced one at a time: the first writes, the rest read.
	if writes != 1 {
		t.Errorf("%d writes of one prefix, want 1", writes)
	}
}
