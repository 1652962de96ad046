package model

import (
	"math"
	"testing"

	"corvid/internal/provider"
)

func TestCost(t *testing.T) {
	tests := []struct {
		name  string
		model string
		u     provider.Usage
		want  float64
	}{
		// Verified figures from spec §10.2.
		{"sonnet 4.5 verified", "claude-sonnet-4-5-20250929", provider.Usage{InputTokens: 200, OutputTokens: 40}, 0.0012},
		{"opus 5.5 verified", "claude-opus-5-5", provider.Usage{InputTokens: 200, OutputTokens: 40}, 0.0016},
		{"zero", "sonnet", provider.Usage{}, 0},
		{"cache read", "claude-sonnet-4-5", provider.Usage{CacheReadInputTokens: 1_000_000}, 0.30},
		{"unsplit cache write at 5m rate", "claude-sonnet-4-5",
			provider.Usage{CacheCreationInputTokens: 1_000_000}, 3.75},
		{"split cache writes", "claude-sonnet-4-5",
			provider.Usage{CacheCreationInputTokens: 300_000, CacheCreation5m: 100_000, CacheCreation1h: 200_000},
			0.1*3.75 + 0.2*6},
		{"split covers part: rest at 5m", "claude-sonnet-4-5",
			provider.Usage{CacheCreationInputTokens: 500_000, CacheCreation1h: 200_000},
			0.3*3.75 + 0.2*6},
		{"split without total", "claude-opus-4-6",
			provider.Usage{CacheCreation5m: 1_000_000, CacheCreation1h: 1_000_000}, 6.25 + 10},
		{"web search", "claude-sonnet-4-5", provider.Usage{WebSearchRequests: 3}, 0.03},
		{"web fetch is free", "claude-sonnet-4-5", provider.Usage{WebFetchRequests: 3}, 0},
		{"all classes", "claude-opus-4-1",
			provider.Usage{InputTokens: 1000, OutputTokens: 2000, CacheReadInputTokens: 10_000,
				CacheCreationInputTokens: 4000, WebSearchRequests: 1},
			(1000*15.0+2000*75+10_000*1.5+4000*18.75)/1e6 + 0.01},
		{"unknown at default tier", "mystery-model", provider.Usage{InputTokens: 200, OutputTokens: 40}, 0.0016},
		{"haiku 5.5 short", "haiku", provider.Usage{InputTokens: 100_000, OutputTokens: 1000},
			(100_000*0.10 + 1000*0.50) / 1e6},
		{"haiku 5.5 long prompt", "haiku", provider.Usage{InputTokens: 100_001, OutputTokens: 1000},
			(100_001*0.5 + 1000*2.5) / 1e6},
		{"haiku 5.5 long via cache", "haiku",
			provider.Usage{InputTokens: 10, CacheReadInputTokens: 100_000, CacheCreationInputTokens: 1000},
			(10*0.5 + 100_000*0.05 + 1000*0.625) / 1e6},
		{"fable 5.2", "fable", provider.Usage{InputTokens: 1_000_000, OutputTokens: 1_000_000}, 48},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Cost(Resolve(tt.model), tt.u)
			if math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("Cost = %.10f, want %.10f", got, tt.want)
			}
		})
	}
}

func TestVerifiedFiguresExact(t *testing.T) {
	u := provider.Usage{InputTokens: 200, OutputTokens: 40}
	if got := Cost(Resolve("claude-sonnet-4-5-20250929"), u); got != 0.0012 {
		t.Errorf("sonnet 4.5: %v", got)
	}
	if got := Cost(Resolve("opus"), u); got != 0.0016 {
		t.Errorf("opus 5.5: %v", got)
	}
}

func TestPriceOfUnknownTier(t *testing.T) {
	want, _ := TierPrice(Default().Tier)
	got := PriceOf(Info{Tier: "nonsense"})
	if got.Input != want.Input || got.Output != want.Output {
		t.Errorf("PriceOf unknown tier = %+v", got)
	}
}
