package model

import (
	"slices"
	"testing"
)

func TestResolve(t *testing.T) {
	tests := []struct {
		name   string
		id     string
		window int
		out    int
		upper  int
		tier   string
		known  bool
		long   bool
	}{
		{"sonnet", "claude-sonnet-5-5", 1_000_000, 128_000, 128_000, Tier2x10Read010, true, false},
		{"Opus", "claude-opus-5-5", 1_000_000, 128_000, 128_000, Tier4x20Read020, true, false},
		{"haiku", "claude-haiku-5-5", 1_000_000, 128_000, 128_000, TierHaiku55, true, false},
		{"fable", "claude-fable-5-2", 1_000_000, 64_000, 128_000, Tier8x40Read020, true, false},
		{"", "claude-opus-5-5", 1_000_000, 128_000, 128_000, Tier4x20Read020, true, false},
		{"default", "claude-opus-5-5", 1_000_000, 128_000, 128_000, Tier4x20Read020, true, false},
		{"claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929", 200_000, 32_000, 64_000, Tier3x15, true, false},
		{"claude-sonnet-4-5", "claude-sonnet-4-5", 200_000, 32_000, 64_000, Tier3x15, true, false},
		{"claude-sonnet-4-5[1m]", "claude-sonnet-4-5", 1_000_000, 32_000, 64_000, Tier3x15, true, true},
		{"claude-sonnet-4-6[1M]", "claude-sonnet-4-6", 1_000_000, 32_000, 128_000, Tier3x15, true, true},
		{"opus[1m]", "claude-opus-5-5", 1_000_000, 128_000, 128_000, Tier4x20Read020, true, false},
		{"claude-opus-4-1[1m]", "claude-opus-4-1", 200_000, 32_000, 32_000, Tier15x75, true, false},
		{"claude-opus-4-6-20260301", "claude-opus-4-6-20260301", 200_000, 64_000, 128_000, Tier5x25, true, false},
		{"claude-3-5-haiku-20241022", "claude-3-5-haiku-20241022", 200_000, 8_192, 8_192, TierHaiku35, true, false},
		{"claude-3-7-sonnet-latest", "claude-3-7-sonnet-latest", 200_000, 32_000, 64_000, Tier3x15, true, false},
		{"us.anthropic.claude-sonnet-4-5-20250929-v1:0", "us.anthropic.claude-sonnet-4-5-20250929-v1:0", 200_000, 32_000, 64_000, Tier3x15, true, false},
		{"claude-opus-4-1@20250805", "claude-opus-4-1@20250805", 200_000, 32_000, 32_000, Tier15x75, true, false},
		{"claude-mythos-5-1", "claude-mythos-5-1", 1_000_000, 64_000, 128_000, Tier10x50Read025, true, false},
		{"gpt-5", "gpt-5", 200_000, 32_000, 32_000, Tier4x20Read020, false, false},
		{"claude-future-9", "claude-future-9", 200_000, 32_000, 32_000, Tier4x20Read020, false, false},
		{"claude-future-9[1m]", "claude-future-9", 1_000_000, 32_000, 32_000, Tier4x20Read020, false, true},
		{"  sonnet  ", "claude-sonnet-5-5", 1_000_000, 128_000, 128_000, Tier2x10Read010, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Resolve(tt.name)
			if got.ID != tt.id || got.ContextWindow != tt.window || got.MaxOutput != tt.out ||
				got.MaxOutputUpper != tt.upper || got.Tier != tt.tier || got.Known != tt.known ||
				got.LongContext != tt.long {
				t.Errorf("Resolve(%q) = %+v", tt.name, got)
			}
		})
	}
}

func TestResolverOverrides(t *testing.T) {
	r := Resolver{Overrides: map[string]string{
		"sonnet": "claude-sonnet-4-5-20250929",
		"opus":   "sonnet", // an override may name a built-in alias
		"haiku":  "my-gateway-haiku",
		"fable":  "claude-sonnet-4-6[1m]",
	}}
	tests := []struct {
		name, id string
		window   int
		known    bool
	}{
		{"sonnet", "claude-sonnet-4-5-20250929", 200_000, true},
		{"SONNET[1m]", "claude-sonnet-4-5-20250929", 1_000_000, true},
		{"opus", "claude-sonnet-5-5", 1_000_000, true},
		{"haiku", "my-gateway-haiku", 200_000, false},
		{"fable", "claude-sonnet-4-6", 1_000_000, true},
		{"claude-opus-5", "claude-opus-5", 1_000_000, true},
	}
	for _, tt := range tests {
		got := r.Resolve(tt.name)
		if got.ID != tt.id || got.ContextWindow != tt.window || got.Known != tt.known {
			t.Errorf("Resolve(%q) = %+v", tt.name, got)
		}
	}
}

func TestCatalogIsACopy(t *testing.T) {
	c := Catalog()
	if len(c) == 0 {
		t.Fatal("empty catalog")
	}
	for _, info := range c {
		if _, ok := TierPrice(info.Tier); !ok {
			t.Errorf("%s: tier %q has no price", info.ID, info.Tier)
		}
		if info.MaxOutput > info.MaxOutputUpper {
			t.Errorf("%s: default output %d above upper %d", info.ID, info.MaxOutput, info.MaxOutputUpper)
		}
	}
	c[0].Aliases = append(c[0].Aliases, "mutated")
	c[0].ID = "mutated"
	if Catalog()[0].ID == "mutated" || slices.Contains(Resolve("haiku").Aliases, "mutated") {
		t.Error("Catalog exposed the table")
	}
}

func TestDefault(t *testing.T) {
	if d := Default(); d.ID != DefaultID || !d.Known {
		t.Errorf("Default() = %+v", d)
	}
}
