package cost

import (
	"maps"
	"sync"
	"time"

	"corvid/internal/model"
	"corvid/internal/provider"
)

// Tracker accumulates a conversation's usage, cost, API and tool time, and
// code-change counts. The zero value is ready to use; all methods are safe
// for concurrent use.
type Tracker struct {
	mu      sync.Mutex
	models  map[string]ModelUsage
	usage   provider.Usage
	total   float64
	api     time.Duration // wall time of API calls, retries included
	apiOnce time.Duration // the successful attempts only
	tool    time.Duration
	wall    time.Duration // time the conversation has been running
	added   int
	removed int
}

// Add records one response's usage on modelID and returns its cost in USD.
// The model's context window and output budget come from the catalog.
func (t *Tracker) Add(modelID string, u provider.Usage) float64 {
	info := model.Resolve(modelID)
	c := model.Cost(info, u)

	t.mu.Lock()
	defer t.mu.Unlock()
	if t.models == nil {
		t.models = map[string]ModelUsage{}
	}
	m := t.models[modelID]
	m.InputTokens += u.InputTokens
	m.OutputTokens += u.OutputTokens
	m.CacheReadInputTokens += u.CacheReadInputTokens
	m.CacheCreationInputTokens += u.CacheCreationInputTokens
	m.WebSearchRequests += u.WebSearchRequests
	m.CostUSD += c
	m.ContextWindow = info.ContextWindow
	m.MaxOutputTokens = info.MaxOutput
	t.models[modelID] = m
	t.usage = t.usage.Add(u)
	t.total += c
	return c
}

// TotalUSD is the conversation's cost so far.
func (t *Tracker) TotalUSD() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

// Usage is the sum of every recorded usage.
func (t *Tracker) Usage() provider.Usage {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.usage
}

// ModelUsage returns a copy of the per-model totals, keyed by model id.
func (t *Tracker) ModelUsage() map[string]ModelUsage {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make(map[string]ModelUsage, len(t.models))
	maps.Copy(out, t.models)
	return out
}

// AddAPIDuration records the time one model call took: withRetries counts
// failed attempts and backoff, withoutRetries only the attempt that
// answered.
func (t *Tracker) AddAPIDuration(withRetries, withoutRetries time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.api += withRetries
	t.apiOnce += withoutRetries
}

// APIDuration is the total API time, retries included.
func (t *Tracker) APIDuration() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.api
}

// APIDurationWithoutRetries is the total API time of answering attempts.
func (t *Tracker) APIDurationWithoutRetries() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.apiOnce
}

// AddToolDuration records time spent running tools.
func (t *Tracker) AddToolDuration(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tool += d
}

// ToolDuration is the total time spent running tools.
func (t *Tracker) ToolDuration() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tool
}

// AddWallDuration records elapsed real time of the conversation.
func (t *Tracker) AddWallDuration(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.wall += d
}

// WallDuration is the conversation's elapsed real time so far.
func (t *Tracker) WallDuration() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.wall
}

// AddLines records lines added and removed by file edits.
func (t *Tracker) AddLines(added, removed int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.added += added
	t.removed += removed
}

// Lines returns the lines added and removed so far.
func (t *Tracker) Lines() (added, removed int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.added, t.removed
}

// Reset forgets everything, as /clear does.
func (t *Tracker) Reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.models = nil
	t.usage = provider.Usage{}
	t.total = 0
	t.api, t.apiOnce, t.tool, t.wall = 0, 0, 0, 0
	t.added, t.removed = 0, 0
}
