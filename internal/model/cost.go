package model

import "corvid/internal/provider"

// Cost is the USD cost of one response's usage on a model (spec §10.2):
// every token class times its rate, per million, plus web searches. Cache
// writes whose TTL the usage does not state are billed at the 5-minute
// rate. When the prompt exceeds the tier's long-prompt threshold the whole
// request is billed at the long-prompt rates.
func Cost(info Info, u provider.Usage) float64 {
	p := PriceOf(info)
	w5m, w1h := cacheWrites(u)
	prompt := u.InputTokens + u.CacheReadInputTokens + w5m + w1h
	if p.Long != nil && p.LongThreshold > 0 && prompt > p.LongThreshold {
		p = *p.Long
	}
	tokens := float64(u.InputTokens)*p.Input +
		float64(u.OutputTokens)*p.Output +
		float64(u.CacheReadInputTokens)*p.CacheRead +
		float64(w5m)*p.CacheWrite5m +
		float64(w1h)*p.CacheWrite1h
	return tokens/1e6 + float64(u.WebSearchRequests)*WebSearchUSD
}

// cacheWrites splits the cache writes of u by TTL. Writes the split does
// not account for count as 5-minute writes.
func cacheWrites(u provider.Usage) (w5m, w1h int) {
	w1h = max(u.CacheCreation1h, 0)
	total := max(u.CacheCreationInputTokens, u.CacheCreation5m+w1h)
	return max(total-w1h, 0), w1h
}
