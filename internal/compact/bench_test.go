package compact

import (
	"context"
	"testing"

	"corvid/internal/model"
	"corvid/internal/provider"
)

// benchHistory is a long session: 200 Read turns of 8 KB each.
func benchHistory() []provider.Message { return readHistory(200, 8_000) }

func BenchmarkMicro(b *testing.B) {
	msgs := benchHistory()
	for b.Loop() {
		Micro(msgs, MicroOptions{Tools: rerun})
	}
}

func BenchmarkMicroAlreadyCleared(b *testing.B) {
	msgs, _ := Micro(benchHistory(), MicroOptions{Tools: rerun})
	for b.Loop() {
		Micro(msgs, MicroOptions{Tools: rerun})
	}
}

func BenchmarkSplitTail(b *testing.B) {
	msgs := benchHistory()
	for b.Loop() {
		SplitTail(msgs, DefaultKeepTokens)
	}
}

func BenchmarkValidate(b *testing.B) {
	msgs := benchHistory()
	for b.Loop() {
		if err := Validate(msgs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompact measures everything but the model: estimate, split,
// flatten, request building, streaming a short answer and rebuilding.
func BenchmarkCompact(b *testing.B) {
	msgs := benchHistory()
	m := model.Resolve("claude-sonnet-4-5")
	for b.Loop() {
		f := &fakeProvider{script: []outcome{{answer: answer}}}
		if _, err := compactor(f).Compact(context.Background(), Request{Messages: msgs, Model: m,
			Reinject: reinject()}); err != nil {
			b.Fatal(err)
		}
	}
}
