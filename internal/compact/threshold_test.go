package compact

import (
	"testing"

	"corvid/internal/model"
	"corvid/internal/provider"
)

func TestThreshold(t *testing.T) {
	sonnet := model.Resolve("claude-sonnet-4-5") // 200k / 32k
	opus := model.Resolve("claude-opus-5-5")     // 1M / 128k
	tests := []struct {
		name    string
		m       model.Info
		s       Settings
		eff, at int
	}{
		{"200k model", sonnet, Settings{}, 180_000, 167_000},
		{"1M model", opus, Settings{}, 980_000, 967_000},
		{"small output reserve", model.Info{ContextWindow: 200_000, MaxOutput: 8_192}, Settings{}, 191_808, 178_808},
		{"unknown model", model.Resolve("my-local-model"), Settings{}, 180_000, 167_000},
		{"zero info", model.Info{}, Settings{}, 180_000, 167_000},
		{"pct lowers", sonnet, Settings{PctOverride: 50}, 180_000, 90_000},
		{"pct cannot raise", sonnet, Settings{PctOverride: 100}, 180_000, 167_000},
		{"pct out of range ignored", sonnet, Settings{PctOverride: 150}, 180_000, 167_000},
		{"negative pct ignored", sonnet, Settings{PctOverride: -5}, 180_000, 167_000},
		{"window shrinks 1M", opus, Settings{Window: 300_000}, 280_000, 267_000},
		{"window clamped up to 100k", opus, Settings{Window: 50_000}, 80_000, 67_000},
		{"window larger than model ignored", sonnet, Settings{Window: 500_000}, 180_000, 167_000},
		{"window clamped down to 1M", sonnet, Settings{Window: 5_000_000}, 180_000, 167_000},
		{"window and pct", opus, Settings{Window: 200_000, PctOverride: 10}, 180_000, 18_000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := EffectiveWindow(tc.m, tc.s); got != tc.eff {
				t.Errorf("EffectiveWindow = %d, want %d", got, tc.eff)
			}
			if got := Threshold(tc.m, tc.s); got != tc.at {
				t.Errorf("Threshold = %d, want %d", got, tc.at)
			}
		})
	}
}

func TestTokensAndDue(t *testing.T) {
	m := model.Resolve("claude-sonnet-4-5")
	u := provider.Usage{InputTokens: 1_000, CacheReadInputTokens: 150_000,
		CacheCreationInputTokens: 15_000, OutputTokens: 999}
	if got := Tokens(u); got != 166_999 {
		t.Fatalf("Tokens = %d, want 166999", got)
	}
	if Due(u, m, Settings{}) {
		t.Error("Due one token below the threshold")
	}
	u.OutputTokens++
	if !Due(u, m, Settings{}) {
		t.Error("not Due at the threshold")
	}
	if Due(u, m, Settings{Disabled: true}) || Due(u, m, Settings{DisabledAll: true}) {
		t.Error("Due although compaction is disabled")
	}
	if !Due(provider.Usage{InputTokens: 20_000}, m, Settings{PctOverride: 10}) {
		t.Error("not Due above a lowered threshold")
	}
}
