package host

import (
	"context"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// reportingConv estimates its context by category and counts the calls
// that came while a turn ran (its history is then the turn's).
type reportingConv struct {
	*fakeConv
	mu       sync.Mutex
	inTurn   bool
	midTurn  int
	between  int
	estimate event.ContextUsage
}

func (c *reportingConv) Submit(ctx context.Context, prompt []provider.Block) event.Result {
	c.mu.Lock()
	c.inTurn = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.inTurn = false
		c.mu.Unlock()
	}()
	return c.fakeConv.Submit(ctx, prompt)
}

func (c *reportingConv) ContextUsage() event.ContextUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inTurn {
		c.midTurn++
	} else {
		c.between++
	}
	return c.estimate
}

// get_context_usage between turns answers the conversation's estimate by
// category, rows with no tokens left out, with the compaction reserve and
// the free space; while a turn runs it answers from the latest response's
// usage and never reads the history under the turn.
func TestContextUsageByCategoryAndNeverMidTurn(t *testing.T) {
	s := start(t, true, Options{})
	conv := &reportingConv{estimate: event.ContextUsage{Window: 200_000, System: 1000, Tools: 5000,
		Instructions: 300, Messages: 700, AutoCompact: 167_000}}
	s.open = func(_ context.Context, su Setup) (Conversation, error) {
		conv.fakeConv = newFakeConv(su.Sink, true)
		return conv, nil
	}
	s.send(user("first"))
	<-s.waitStarted(conv)
	s.send(request("mid", `{"subtype":"get_context_usage"}`))
	mid := s.expect("control_response", "success")
	conv.release <- struct{}{}
	s.expect("result", "")
	s.send(request("idle", `{"subtype":"get_context_usage"}`))
	idle := s.expect("control_response", "success")
	s.finish()
	if conv.midTurn != 0 || conv.between != 1 {
		t.Errorf("estimates mid-turn %d, between turns %d; want 0 and 1", conv.midTurn, conv.between)
	}
	if ids := rowIDs(mid); len(ids) != 1 || ids[0] != "free_space" {
		t.Errorf("mid-turn rows = %v, want only the free space (no response yet)", ids)
	}
	want := []string{"system_prompt", "system_tools", "memory_files", "messages", "autocompact_buffer", "free_space"}
	if ids := rowIDs(idle); len(ids) != len(want) || ids[0] != want[0] || ids[3] != want[3] || ids[5] != want[5] {
		t.Errorf("rows = %v, want %v", ids, want)
	}
	body := answerBody(idle)
	if body["totalTokens"] != 7000.0 || body["percentage"] != 4.0 || body["autoCompactThreshold"] != 167000.0 {
		t.Errorf("answer = %v", body)
	}
	rows, _ := body["categories"].([]any)
	if free, _ := rows[len(rows)-1].(map[string]any); free["tokens"] != 200_000.0-7000-33_000 {
		t.Errorf("free space = %v", free)
	}
}

// waitStarted is the fake's turn-started channel once the host opened it
// (the opening sets it under s.mu).
func (s *session) waitStarted(c *reportingConv) <-chan struct{} {
	for {
		s.mu.Lock()
		f := c.fakeConv
		s.mu.Unlock()
		if f != nil {
			return f.started
		}
		time.Sleep(time.Millisecond)
	}
}

func answerBody(m map[string]any) map[string]any {
	r, _ := m["response"].(map[string]any)
	b, _ := r["response"].(map[string]any)
	return b
}

func rowIDs(m map[string]any) []string {
	var ids []string
	rows, _ := answerBody(m)["categories"].([]any)
	for _, r := range rows {
		row, _ := r.(map[string]any)
		id, _ := row["id"].(string)
		ids = append(ids, id)
	}
	return ids
}
