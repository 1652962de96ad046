package hook

import (
	"context"
	"sync"
	"testing"

	"corvid/internal/executor"
)

// TestControlFields: continue:false on a PostToolUse hook halts the turn
// once with its stopReason; systemMessage reaches the message sink; a
// Stop hook that blocks but also says continue:false lets the turn end.
func TestControlFields(t *testing.T) {
	r := &recRunner{answers: map[string]string{
		"post": `{"continue":false,"stopReason":"lint failed","systemMessage":"formatter ran"}`,
		"stop": `{"continue":false,"decision":"block","reason":"go on"}`,
	}}
	s := New(r, map[string][]Matcher{
		PostToolUse: {{Pattern: "Bash", Callbacks: []string{"post"}}},
		Stop:        {{Callbacks: []string{"stop"}}},
	}, nil)
	var mu sync.Mutex
	var msgs []string
	s.OnMessage(func(text string) { mu.Lock(); msgs = append(msgs, text); mu.Unlock() })

	if _, ok := s.Halted(); ok {
		t.Fatal("halted before any hook ran")
	}
	s.PostToolUse(context.Background(), executor.HookInput{ToolName: "Bash", ToolUseID: "t1"}, nil)
	reason, ok := s.Halted()
	if !ok || reason != "lint failed" {
		t.Fatalf("Halted() = %q, %v; want lint failed, true", reason, ok)
	}
	if _, ok := s.Halted(); ok {
		t.Fatal("Halted() did not forget the stop")
	}
	if len(msgs) != 1 || msgs[0] != "formatter ran" {
		t.Fatalf("messages = %q, want [formatter ran]", msgs)
	}
	if got := s.Stop(context.Background(), "done", false); got != "" {
		t.Fatalf("Stop() = %q, want \"\" (continue:false ends the turn)", got)
	}
}

// TestSessionEndDoesNotHalt: continue:false from SessionEnd is moot and
// must not stop the next turn of a host that keeps the Set.
func TestSessionEndDoesNotHalt(t *testing.T) {
	r := &recRunner{answers: map[string]string{"end": `{"continue":false}`}}
	s := New(r, map[string][]Matcher{SessionEnd: {{Callbacks: []string{"end"}}}}, nil)
	s.SessionEnd(context.Background(), EndOther)
	if _, ok := s.Halted(); ok {
		t.Fatal("SessionEnd halted")
	}
}
