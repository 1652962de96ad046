package cost

import (
	"testing"
	"time"

	"corvid/internal/provider"
)

func TestRenderSpecExample(t *testing.T) {
	var tr Tracker
	tr.Restore(State{
		ModelUsage: map[string]ModelUsage{"claude-sonnet-4-6": {InputTokens: 1234, OutputTokens: 5250,
			CacheReadInputTokens: 940_000, CacheCreationInputTokens: 50_000, CostUSD: 0.55}},
		TotalCostUSD: 0.55,
		APIDuration:  6*time.Minute + 20*time.Second,
		WallDuration: 6*time.Hour + 33*time.Minute + 10*time.Second,
	})
	want := "Total cost: $0.55\n" +
		"Total duration (API): 6m 20s\n" +
		"Total duration (wall): 6h 33m 10s\n" +
		"Total code changes: 0 lines added, 0 lines removed\n" +
		"Usage by model:\n" +
		"  claude-sonnet-4-6: 1.2k input, 5.3k output, 940.0k cache read, 50.0k cache write ($0.55)"
	if got := tr.Render(); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
}

func TestRenderWorkedPrices(t *testing.T) {
	var tr Tracker
	s := tr.Add("claude-sonnet-4-5-20250929", provider.Usage{InputTokens: 200, OutputTokens: 40})
	o := tr.Add("claude-opus-5-5", provider.Usage{InputTokens: 200, OutputTokens: 40})
	if !near(s, 0.0012) || !near(o, 0.0016) || !near(tr.TotalUSD(), 0.0028) {
		t.Fatalf("costs sonnet %v opus %v total %v", s, o, tr.TotalUSD())
	}
	tr.AddLines(1, 2)
	want := "Total cost: $0.0028\n" +
		"Total duration (API): 0s\n" +
		"Total duration (wall): 0s\n" +
		"Total code changes: 1 line added, 2 lines removed\n" +
		"Usage by model:\n" +
		"  claude-opus-5-5: 200 input, 40 output, 0 cache read, 0 cache write ($0.0016)\n" +
		"  claude-sonnet-4-5-20250929: 200 input, 40 output, 0 cache read, 0 cache write ($0.0012)"
	if got := tr.Render(); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
}

func TestRenderWebSearchAndEmpty(t *testing.T) {
	var tr Tracker
	want := "Total cost: $0.0000\n" +
		"Total duration (API): 0s\n" +
		"Total duration (wall): 0s\n" +
		"Total code changes: 0 lines added, 0 lines removed\n" +
		"Usage: 0 input, 0 output, 0 cache read, 0 cache write"
	if got := tr.Render(); got != want {
		t.Errorf("empty Render:\n%s\nwant:\n%s", got, want)
	}
	tr.Add("claude-opus-5-5", provider.Usage{WebSearchRequests: 2})
	wantLine := "  claude-opus-5-5: 0 input, 0 output, 0 cache read, 0 cache write, 2 web search ($0.0200)"
	if got := tr.Render(); !hasLastLine(got, wantLine) {
		t.Errorf("Render:\n%s\nwant last line %q", got, wantLine)
	}
}

func hasLastLine(s, line string) bool {
	return len(s) >= len(line) && s[len(s)-len(line):] == line && s[len(s)-len(line)-1] == '\n'
}

func BenchmarkRender(b *testing.B) {
	tr := filledTracker()
	for b.Loop() {
		_ = tr.Render()
	}
}
