package model

// Window sizes and output budgets used by the catalog.
const (
	window200k = 200_000
	window1M   = 1_000_000
	out8k      = 8_192
	out32k     = 32_000
	out64k     = 64_000
	out128k    = 128_000
)

// entry is one catalog row. key is the id without date or provider
// decorations; id is the first-party id sent to the API.
type entry struct {
	key, id, name string
	aliases       []string
	window        int
	out, outUpper int
	tier          string
	// beta1M marks 200k models whose window the [1m] suffix widens
	// on request (a beta of the API).
	beta1M bool
}

// catalog returns the built-in model table (Claude Code 2.1.330). It builds
// a fresh slice on every call so that no caller can alter the table.
func catalog() []entry {
	return []entry{
		{key: "claude-3-5-haiku", id: "claude-3-5-haiku-20241022", name: "Haiku 3.5",
			window: window200k, out: out8k, outUpper: out8k, tier: TierHaiku35},
		{key: "claude-haiku-4-5", id: "claude-haiku-4-5-20251001", name: "Haiku 4.5",
			window: window200k, out: out32k, outUpper: out64k, tier: TierHaiku45},
		{key: "claude-haiku-5-5", id: "claude-haiku-5-5", name: "Haiku 5.5", aliases: []string{"haiku"},
			window: window1M, out: out128k, outUpper: out128k, tier: TierHaiku55},

		{key: "claude-3-5-sonnet", id: "claude-3-5-sonnet-20241022", name: "Sonnet 3.5",
			window: window200k, out: out8k, outUpper: out8k, tier: Tier3x15},
		{key: "claude-3-7-sonnet", id: "claude-3-7-sonnet-20250219", name: "Sonnet 3.7",
			window: window200k, out: out32k, outUpper: out64k, tier: Tier3x15},
		{key: "claude-sonnet-4", id: "claude-sonnet-4-20250514", name: "Sonnet 4",
			window: window200k, out: out32k, outUpper: out64k, tier: Tier3x15, beta1M: true},
		{key: "claude-sonnet-4-5", id: "claude-sonnet-4-5-20250929", name: "Sonnet 4.5",
			window: window200k, out: out32k, outUpper: out64k, tier: Tier3x15, beta1M: true},
		{key: "claude-sonnet-4-6", id: "claude-sonnet-4-6", name: "Sonnet 4.6",
			window: window200k, out: out32k, outUpper: out128k, tier: Tier3x15, beta1M: true},
		{key: "claude-sonnet-5", id: "claude-sonnet-5", name: "Sonnet 5",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier2x10},
		{key: "claude-sonnet-5-5", id: "claude-sonnet-5-5", name: "Sonnet 5.5", aliases: []string{"sonnet"},
			window: window1M, out: out128k, outUpper: out128k, tier: Tier2x10Read010},

		{key: "claude-opus-4", id: "claude-opus-4-20250514", name: "Opus 4",
			window: window200k, out: out32k, outUpper: out32k, tier: Tier15x75},
		{key: "claude-opus-4-1", id: "claude-opus-4-1-20250805", name: "Opus 4.1",
			window: window200k, out: out32k, outUpper: out32k, tier: Tier15x75},
		{key: "claude-opus-4-5", id: "claude-opus-4-5-20251101", name: "Opus 4.5",
			window: window200k, out: out32k, outUpper: out64k, tier: Tier5x25},
		{key: "claude-opus-4-6", id: "claude-opus-4-6", name: "Opus 4.6",
			window: window200k, out: out64k, outUpper: out128k, tier: Tier5x25, beta1M: true},
		{key: "claude-opus-4-7", id: "claude-opus-4-7", name: "Opus 4.7",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier5x25},
		{key: "claude-opus-4-8", id: "claude-opus-4-8", name: "Opus 4.8",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier5x25},
		{key: "claude-opus-5", id: "claude-opus-5", name: "Opus 5",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier5x25},
		{key: "claude-opus-5-5", id: "claude-opus-5-5", name: "Opus 5.5", aliases: []string{"opus", "default"},
			window: window1M, out: out128k, outUpper: out128k, tier: Tier4x20Read020},

		{key: "claude-fable-5", id: "claude-fable-5", name: "Fable 5",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier10x50},
		{key: "claude-fable-5-1", id: "claude-fable-5-1", name: "Fable 5.1",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier10x50Read025},
		{key: "claude-fable-5-2", id: "claude-fable-5-2", name: "Fable 5.2", aliases: []string{"fable"},
			window: window1M, out: out64k, outUpper: out128k, tier: Tier8x40Read020},

		{key: "claude-mythos-5", id: "claude-mythos-5", name: "Mythos 5",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier10x50},
		{key: "claude-mythos-5-1", id: "claude-mythos-5-1", name: "Mythos 5.1",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier10x50Read025},
		{key: "claude-mythos-5-2", id: "claude-mythos-5-2", name: "Mythos 5.2",
			window: window1M, out: out64k, outUpper: out128k, tier: Tier8x40Read020},
	}
}

// DefaultID is the model used when none is chosen (the build's default,
// Opus 5.5). Unknown models are priced at its tier.
const DefaultID = "claude-opus-5-5"

// Unknown-model assumptions (spec §10.4).
const (
	UnknownContextWindow = window200k
	UnknownMaxOutput     = out32k
)
