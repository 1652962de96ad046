package anthropic

import (
	"context"
	"strings"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// With Cache set the adapter marks the end of the system prompt and the
// last cacheable block of the newest message (not a thinking block);
// without it nothing is marked; the caller's request is never changed.
func TestCacheBreakpoints(t *testing.T) {
	for _, on := range []bool{true, false} {
		srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{providertest.Text("ok")}}}})
		c := newTestClient(t, srv.URL)
		req := &provider.Request{Model: "claude-sonnet-4-5", MaxTokens: 100, Cache: on,
			System: []provider.Block{provider.TextBlock("a"), provider.TextBlock("b")},
			Tools:  []provider.ToolDef{{Name: "T", Description: "d"}},
			Messages: []provider.Message{
				{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("q1")}},
				{Role: provider.RoleAssistant, Content: []provider.Block{provider.TextBlock("a1")}},
				{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("q2"), provider.TextBlock("")}},
			}}
		if _, err := collect(c.Stream(context.Background(), req)); err != nil {
			t.Fatal(err)
		}
		r := srv.Requests()[0]
		n := strings.Count(string(r.Body), `"cache_control"`)
		sysMarked := r.System[1].CacheControl != nil && r.System[0].CacheControl == nil
		last := r.Messages[2].Content
		msgMarked := last[0].CacheControl != nil
		switch {
		case on && (n != 2 || !sysMarked || !msgMarked || r.Tools[0].CacheControl != nil):
			t.Errorf("cache on: %d marks, system %v, message %v: %s", n, sysMarked, msgMarked, r.Body)
		case !on && n != 0:
			t.Errorf("cache off: %d marks", n)
		}
		if req.System[1].CacheControl != nil || req.Messages[2].Content[0].CacheControl != nil {
			t.Error("the caller's request was marked")
		}
	}
}
