package model

// Price tiers of the built-in table (spec §10.3).
const (
	TierHaiku35      = "haiku_35"
	TierHaiku45      = "haiku_45"
	TierHaiku55      = "haiku_55"
	Tier2x10         = "tier_2_10"
	Tier2x10Read010  = "tier_2_10_cache_read_0_10"
	Tier3x15         = "tier_3_15"
	Tier4x20Read020  = "tier_4_20_cache_read_0_20"
	Tier5x25         = "tier_5_25"
	Tier8x40Read020  = "tier_8_40_cache_read_0_20"
	Tier10x50        = "tier_10_50"
	Tier10x50Read025 = "tier_10_50_cache_read_0_25"
	Tier15x75        = "tier_15_75"
)

// WebSearchUSD is the price of one server-side web search request.
const WebSearchUSD = 0.01

// Price is a tier's rates in USD per million tokens.
type Price struct {
	Input        float64
	Output       float64
	CacheWrite5m float64
	CacheWrite1h float64
	CacheRead    float64
	// LongThreshold, when > 0 and Long is set, is the prompt size (input
	// plus cache reads and writes) above which the whole request is billed
	// at Long's rates.
	LongThreshold int
	Long          *Price
}

// TierPrice returns the rates of a named tier.
func TierPrice(tier string) (Price, bool) {
	switch tier {
	case TierHaiku35:
		return Price{Input: 0.80, Output: 4, CacheWrite5m: 1.00, CacheWrite1h: 1.60, CacheRead: 0.08}, true
	case TierHaiku45:
		return Price{Input: 1, Output: 5, CacheWrite5m: 1.25, CacheWrite1h: 2, CacheRead: 0.10}, true
	case TierHaiku55:
		return Price{Input: 0.10, Output: 0.50, CacheWrite5m: 0.125, CacheWrite1h: 0.20, CacheRead: 0.01,
			LongThreshold: 100_000,
			Long:          &Price{Input: 0.5, Output: 2.5, CacheWrite5m: 0.625, CacheWrite1h: 1, CacheRead: 0.05},
		}, true
	case Tier2x10:
		return Price{Input: 2, Output: 10, CacheWrite5m: 2.50, CacheWrite1h: 4, CacheRead: 0.20}, true
	case Tier2x10Read010:
		return Price{Input: 2, Output: 10, CacheWrite5m: 2.50, CacheWrite1h: 4, CacheRead: 0.10}, true
	case Tier3x15:
		return Price{Input: 3, Output: 15, CacheWrite5m: 3.75, CacheWrite1h: 6, CacheRead: 0.30}, true
	case Tier4x20Read020:
		return Price{Input: 4, Output: 20, CacheWrite5m: 5, CacheWrite1h: 8, CacheRead: 0.20}, true
	case Tier5x25:
		return Price{Input: 5, Output: 25, CacheWrite5m: 6.25, CacheWrite1h: 10, CacheRead: 0.50}, true
	case Tier8x40Read020:
		return Price{Input: 8, Output: 40, CacheWrite5m: 10, CacheWrite1h: 16, CacheRead: 0.20}, true
	case Tier10x50:
		return Price{Input: 10, Output: 50, CacheWrite5m: 12.50, CacheWrite1h: 20, CacheRead: 1.00}, true
	case Tier10x50Read025:
		return Price{Input: 10, Output: 50, CacheWrite5m: 12.50, CacheWrite1h: 20, CacheRead: 0.25}, true
	case Tier15x75:
		return Price{Input: 15, Output: 75, CacheWrite5m: 18.75, CacheWrite1h: 30, CacheRead: 1.50}, true
	}
	return Price{}, false
}

// PriceOf returns the rates a model is billed at: its tier's, or the
// default model's when the tier is unknown.
func PriceOf(info Info) Price {
	if p, ok := TierPrice(info.Tier); ok {
		return p
	}
	p, _ := TierPrice(Default().Tier)
	return p
}
