package compact

import (
	"strings"
	"testing"

	"corvid/internal/provider"
)

func TestSplitTail(t *testing.T) {
	pad := strings.Repeat("p", 400) // about 100 tokens per message
	conv := []provider.Message{
		user(text("first " + pad)),                     // 0
		assistant(text(pad), call("t1", "Read", `{}`)), // 1
		user(result("t1", pad)),                        // 2
		assistant(text("answer " + pad)),               // 3
		user(text("second " + pad)),                    // 4
		assistant(text(pad), call("t2", "Bash", `{}`)), // 5
		user(result("t2", pad), text("reminder "+pad)), // 6: holds a result
		assistant(text("done " + pad)),                 // 7
	}
	size := func(from int) int { return Estimate(conv[from:]) }
	tests := []struct {
		name string
		msgs []provider.Message
		keep int
		cut  int // index where the tail starts
	}{
		{"empty", nil, 1_000, 0},
		{"one message", conv[:1], 1_000_000, 1},
		{"zero budget", conv, 0, 8},
		{"everything fits but the head keeps one", conv, 1_000_000, 4},
		{"exact fit at a prompt", conv, size(4), 4},
		{"one token short of the prompt", conv, size(4) - 1, 8},
		{"budget covers only results", conv, size(6), 8},
		{"head of prompt and answer", conv[:4], 1_000_000, 4},
		{"two prompts", []provider.Message{user(text("a")), assistant(text("b")), user(text("c"))}, 1_000, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			head, tail := SplitTail(tc.msgs, tc.keep)
			if len(head) != tc.cut || len(head)+len(tail) != len(tc.msgs) {
				t.Fatalf("head %d, tail %d messages; want the tail to start at %d of %d",
					len(head), len(tail), tc.cut, len(tc.msgs))
			}
			if len(tail) > 0 {
				if len(head) == 0 {
					t.Error("nothing left to summarise")
				}
				if !isPrompt(tail[0]) {
					t.Errorf("tail starts with %s message holding %v", tail[0].Role, tail[0].Content[0].Type)
				}
				if Estimate(tail) > tc.keep {
					t.Errorf("tail of %d tokens exceeds the budget %d", Estimate(tail), tc.keep)
				}
			}
		})
	}
}

func TestMessageTokens(t *testing.T) {
	m := user(text(strings.Repeat("a", 4_000)))
	if got := MessageTokens(m); got < 1_000 || got > 1_020 {
		t.Errorf("MessageTokens of 4,000 characters = %d, want about 1,000", got)
	}
	odd := user(provider.Block{Type: "future_block", Text: strings.Repeat("b", 400)})
	if got := MessageTokens(odd); got != 100 {
		t.Errorf("MessageTokens of an unknown block of 400 characters = %d, want 100", got)
	}
	if got := Estimate([]provider.Message{m, m}); got != 2*MessageTokens(m) {
		t.Errorf("Estimate = %d, want the sum %d", got, 2*MessageTokens(m))
	}
}
