package host

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider"
)

// lingeringConv writes its turn's result, then takes until end is
// closed to return, as a real turn's last steps do; a request it gets
// meanwhile fails as a conversation mid-turn refuses it.
type lingeringConv struct {
	*fakeConv
	end chan struct{}

	mu      sync.Mutex
	inTurn  bool
	refused int
}

func (c *lingeringConv) Submit(ctx context.Context, prompt []provider.Block) event.Result {
	c.mu.Lock()
	c.inTurn = true
	c.mu.Unlock()
	res := c.fakeConv.Submit(ctx, prompt)
	<-c.end
	c.mu.Lock()
	c.inTurn = false
	c.mu.Unlock()
	return res
}

func (c *lingeringConv) SetModel(name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inTurn {
		c.refused++
		return errors.New("a turn is running")
	}
	return c.fakeConv.SetModel(name)
}

// A request the host sends after reading a turn's result finds the turn
// over, even when the turn's last steps are still running: it waits for
// them and is answered in order, before the next message's turn.
func TestRequestAfterResultWaitsForTheTurnsEnd(t *testing.T) {
	s := start(t, false, Options{})
	conv := &lingeringConv{end: make(chan struct{})}
	s.open = func(_ context.Context, su Setup) (Conversation, error) {
		conv.fakeConv = newFakeConv(su.Sink, false)
		return conv, nil
	}
	s.send(user("first"))
	s.expect("result", "")
	s.send(request("m", `{"subtype":"set_model","model":"m1"}`))
	s.send(user("second"))
	time.Sleep(30 * time.Millisecond) // the request was read; the turn still ends
	close(conv.end)
	if m := s.expect("control_response", ""); responseSubtype(m) != "success" {
		t.Fatalf("set_model after the result = %v", m)
	}
	s.expect("result", "")
	if conv.refused != 0 {
		t.Errorf("the request reached the conversation mid-turn %d times", conv.refused)
	}
	if got := conv.fakeConv.Info().Model; got != "m1" {
		t.Errorf("model = %q, want m1", got)
	}
	s.finish()
}
