package cost

import (
	"encoding/json"
	"math"
	"sync"
	"testing"
	"time"

	"corvid/internal/provider"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestTrackerAdd(t *testing.T) {
	var tr Tracker
	c1 := tr.Add("claude-sonnet-4-5-20250929", provider.Usage{InputTokens: 200, OutputTokens: 40})
	c2 := tr.Add("claude-opus-5-5", provider.Usage{InputTokens: 200, OutputTokens: 40, WebSearchRequests: 2})
	c3 := tr.Add("claude-sonnet-4-5-20250929", provider.Usage{CacheReadInputTokens: 1000, CacheCreationInputTokens: 100})
	if !near(c1, 0.0012) || !near(c2, 0.0216) {
		t.Fatalf("costs %v %v", c1, c2)
	}
	if want := c1 + c2 + c3; !near(tr.TotalUSD(), want) {
		t.Errorf("TotalUSD = %v, want %v", tr.TotalUSD(), want)
	}
	u := tr.Usage()
	want := provider.Usage{InputTokens: 400, OutputTokens: 80, CacheReadInputTokens: 1000,
		CacheCreationInputTokens: 100, WebSearchRequests: 2}
	if u != want {
		t.Errorf("Usage = %+v, want %+v", u, want)
	}
	mu := tr.ModelUsage()
	s := mu["claude-sonnet-4-5-20250929"]
	if s.InputTokens != 200 || s.OutputTokens != 40 || s.CacheReadInputTokens != 1000 ||
		s.CacheCreationInputTokens != 100 || s.ContextWindow != 200_000 || s.MaxOutputTokens != 32_000 ||
		!near(s.CostUSD, c1+c3) {
		t.Errorf("sonnet usage = %+v", s)
	}
	o := mu["claude-opus-5-5"]
	if o.WebSearchRequests != 2 || o.ContextWindow != 1_000_000 || o.MaxOutputTokens != 128_000 {
		t.Errorf("opus usage = %+v", o)
	}
}

func TestTrackerModelUsageIsACopy(t *testing.T) {
	var tr Tracker
	tr.Add("m", provider.Usage{InputTokens: 1})
	mu := tr.ModelUsage()
	mu["m"] = ModelUsage{InputTokens: 99}
	delete(mu, "m")
	if tr.ModelUsage()["m"].InputTokens != 1 {
		t.Error("ModelUsage exposed internal state")
	}
}

func TestTrackerUnknownModel(t *testing.T) {
	var tr Tracker
	tr.Add("mystery", provider.Usage{OutputTokens: 10})
	m := tr.ModelUsage()["mystery"]
	if m.ContextWindow != 200_000 || m.MaxOutputTokens != 32_000 || m.CostUSD <= 0 {
		t.Errorf("unknown model usage = %+v", m)
	}
}

func TestTrackerDurationsAndLines(t *testing.T) {
	var tr Tracker
	tr.AddAPIDuration(3*time.Second, time.Second)
	tr.AddAPIDuration(2*time.Second, 2*time.Second)
	tr.AddToolDuration(500 * time.Millisecond)
	tr.AddLines(10, 2)
	tr.AddLines(1, 3)
	if tr.APIDuration() != 5*time.Second || tr.APIDurationWithoutRetries() != 3*time.Second {
		t.Errorf("API durations %v %v", tr.APIDuration(), tr.APIDurationWithoutRetries())
	}
	if tr.ToolDuration() != 500*time.Millisecond {
		t.Errorf("tool duration %v", tr.ToolDuration())
	}
	if a, r := tr.Lines(); a != 11 || r != 5 {
		t.Errorf("lines %d %d", a, r)
	}
	tr.Reset()
	if tr.TotalUSD() != 0 || tr.APIDuration() != 0 || len(tr.ModelUsage()) != 0 {
		t.Error("Reset left state behind")
	}
	if a, r := tr.Lines(); a != 0 || r != 0 {
		t.Error("Reset left lines behind")
	}
}

func TestTrackerConcurrent(t *testing.T) {
	var tr Tracker
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				tr.Add("claude-sonnet-4-5", provider.Usage{InputTokens: 200, OutputTokens: 40})
				tr.AddAPIDuration(time.Millisecond, time.Millisecond)
				tr.AddLines(1, 1)
				_ = tr.ModelUsage()
				_ = tr.TotalUSD()
			}
		})
	}
	wg.Wait()
	if !near(tr.TotalUSD(), 800*0.0012) || tr.Usage().InputTokens != 800*200 {
		t.Errorf("total %v usage %+v", tr.TotalUSD(), tr.Usage())
	}
}

func TestModelUsageJSON(t *testing.T) {
	b, err := json.Marshal(ModelUsage{InputTokens: 1, CostUSD: 0.5, ContextWindow: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"inputTokens":1,"outputTokens":0,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"webSearchRequests":0,"costUSD":0.5,"contextWindow":2,"maxOutputTokens":0}`
	if string(b) != want {
		t.Errorf("json %s", b)
	}
}
