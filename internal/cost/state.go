package cost

import (
	"encoding/json"
	"maps"
	"time"

	"corvid/internal/provider"
)

// Totals is the sum of every usage a Tracker recorded, in a JSON shape
// that keeps the fields provider.Usage leaves out of its wire form.
type Totals struct {
	InputTokens              int `json:"inputTokens"`
	OutputTokens             int `json:"outputTokens"`
	CacheReadInputTokens     int `json:"cacheReadInputTokens"`
	CacheCreationInputTokens int `json:"cacheCreationInputTokens"`
	CacheCreation5m          int `json:"cacheCreation5m"`
	CacheCreation1h          int `json:"cacheCreation1h"`
	WebSearchRequests        int `json:"webSearchRequests"`
	WebFetchRequests         int `json:"webFetchRequests"`
}

func totalsOf(u provider.Usage) Totals {
	return Totals{
		InputTokens:              u.InputTokens,
		OutputTokens:             u.OutputTokens,
		CacheReadInputTokens:     u.CacheReadInputTokens,
		CacheCreationInputTokens: u.CacheCreationInputTokens,
		CacheCreation5m:          u.CacheCreation5m,
		CacheCreation1h:          u.CacheCreation1h,
		WebSearchRequests:        u.WebSearchRequests,
		WebFetchRequests:         u.WebFetchRequests,
	}
}

// Usage converts the totals back to a provider.Usage.
func (t Totals) Usage() provider.Usage {
	return provider.Usage{
		InputTokens:              t.InputTokens,
		OutputTokens:             t.OutputTokens,
		CacheReadInputTokens:     t.CacheReadInputTokens,
		CacheCreationInputTokens: t.CacheCreationInputTokens,
		CacheCreation5m:          t.CacheCreation5m,
		CacheCreation1h:          t.CacheCreation1h,
		WebSearchRequests:        t.WebSearchRequests,
		WebFetchRequests:         t.WebFetchRequests,
	}
}

// State is a snapshot of everything a Tracker holds, for saving with a
// session and restoring on resume. Durations travel as whole milliseconds
// in JSON; finer precision is dropped there.
type State struct {
	ModelUsage                map[string]ModelUsage
	Totals                    Totals
	TotalCostUSD              float64
	APIDuration               time.Duration
	APIDurationWithoutRetries time.Duration
	ToolDuration              time.Duration
	WallDuration              time.Duration
	LinesAdded                int
	LinesRemoved              int
}

// stateJSON is State's wire form.
type stateJSON struct {
	ModelUsage                  map[string]ModelUsage `json:"modelUsage"`
	Totals                      Totals                `json:"totals"`
	TotalCostUSD                float64               `json:"totalCostUSD"`
	APIDurationMs               int64                 `json:"apiDurationMs"`
	APIDurationWithoutRetriesMs int64                 `json:"apiDurationWithoutRetriesMs"`
	ToolDurationMs              int64                 `json:"toolDurationMs"`
	WallDurationMs              int64                 `json:"wallDurationMs"`
	LinesAdded                  int                   `json:"linesAdded"`
	LinesRemoved                int                   `json:"linesRemoved"`
}

// MarshalJSON writes the state with lowerCamel names and millisecond
// durations.
func (s State) MarshalJSON() ([]byte, error) {
	mu := s.ModelUsage
	if mu == nil {
		mu = map[string]ModelUsage{}
	}
	return json.Marshal(stateJSON{
		ModelUsage:                  mu,
		Totals:                      s.Totals,
		TotalCostUSD:                s.TotalCostUSD,
		APIDurationMs:               s.APIDuration.Milliseconds(),
		APIDurationWithoutRetriesMs: s.APIDurationWithoutRetries.Milliseconds(),
		ToolDurationMs:              s.ToolDuration.Milliseconds(),
		WallDurationMs:              s.WallDuration.Milliseconds(),
		LinesAdded:                  s.LinesAdded,
		LinesRemoved:                s.LinesRemoved,
	})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *State) UnmarshalJSON(b []byte) error {
	var w stateJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*s = State{
		ModelUsage:                w.ModelUsage,
		Totals:                    w.Totals,
		TotalCostUSD:              w.TotalCostUSD,
		APIDuration:               time.Duration(w.APIDurationMs) * time.Millisecond,
		APIDurationWithoutRetries: time.Duration(w.APIDurationWithoutRetriesMs) * time.Millisecond,
		ToolDuration:              time.Duration(w.ToolDurationMs) * time.Millisecond,
		WallDuration:              time.Duration(w.WallDurationMs) * time.Millisecond,
		LinesAdded:                w.LinesAdded,
		LinesRemoved:              w.LinesRemoved,
	}
	return nil
}

// Snapshot returns a copy of the tracker's state.
func (t *Tracker) Snapshot() State {
	t.mu.Lock()
	defer t.mu.Unlock()
	mu := make(map[string]ModelUsage, len(t.models))
	maps.Copy(mu, t.models)
	return State{
		ModelUsage:                mu,
		Totals:                    totalsOf(t.usage),
		TotalCostUSD:              t.total,
		APIDuration:               t.api,
		APIDurationWithoutRetries: t.apiOnce,
		ToolDuration:              t.tool,
		WallDuration:              t.wall,
		LinesAdded:                t.added,
		LinesRemoved:              t.removed,
	}
}

// Restore replaces the tracker's state with s, as resuming a session
// does. The tracker keeps its own copy of s's model map.
func (t *Tracker) Restore(s State) {
	mu := make(map[string]ModelUsage, len(s.ModelUsage))
	maps.Copy(mu, s.ModelUsage)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.models = mu
	t.usage = s.Totals.Usage()
	t.total = s.TotalCostUSD
	t.api, t.apiOnce = s.APIDuration, s.APIDurationWithoutRetries
	t.tool, t.wall = s.ToolDuration, s.WallDuration
	t.added, t.removed = s.LinesAdded, s.LinesRemoved
}
