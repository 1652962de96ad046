package provider

// Usage is the token accounting of one response, as the API reports it.
// A message_start carries the input side; message_delta carries the final
// output count and may restate the rest.
type Usage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	// CacheCreation5m and CacheCreation1h split cache writes by TTL when the
	// API reports the split; otherwise all writes count as 5-minute writes.
	CacheCreation5m   int `json:"-"`
	CacheCreation1h   int `json:"-"`
	WebSearchRequests int `json:"-"`
	WebFetchRequests  int `json:"-"`
}

// Merge overlays the non-zero counts of u2 onto u, as successive usage
// reports within one response do (later reports are cumulative).
func (u Usage) Merge(u2 Usage) Usage {
	pick := func(a, b int) int {
		if b != 0 {
			return b
		}
		return a
	}
	return Usage{
		InputTokens:              pick(u.InputTokens, u2.InputTokens),
		OutputTokens:             pick(u.OutputTokens, u2.OutputTokens),
		CacheCreationInputTokens: pick(u.CacheCreationInputTokens, u2.CacheCreationInputTokens),
		CacheReadInputTokens:     pick(u.CacheReadInputTokens, u2.CacheReadInputTokens),
		CacheCreation5m:          pick(u.CacheCreation5m, u2.CacheCreation5m),
		CacheCreation1h:          pick(u.CacheCreation1h, u2.CacheCreation1h),
		WebSearchRequests:        pick(u.WebSearchRequests, u2.WebSearchRequests),
		WebFetchRequests:         pick(u.WebFetchRequests, u2.WebFetchRequests),
	}
}

// Add sums two usages (totals across responses).
func (u Usage) Add(u2 Usage) Usage {
	return Usage{
		InputTokens:              u.InputTokens + u2.InputTokens,
		OutputTokens:             u.OutputTokens + u2.OutputTokens,
		CacheCreationInputTokens: u.CacheCreationInputTokens + u2.CacheCreationInputTokens,
		CacheReadInputTokens:     u.CacheReadInputTokens + u2.CacheReadInputTokens,
		CacheCreation5m:          u.CacheCreation5m + u2.CacheCreation5m,
		CacheCreation1h:          u.CacheCreation1h + u2.CacheCreation1h,
		WebSearchRequests:        u.WebSearchRequests + u2.WebSearchRequests,
		WebFetchRequests:         u.WebFetchRequests + u2.WebFetchRequests,
	}
}
