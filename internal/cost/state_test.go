package cost

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/provider"
)

func filledTracker() *Tracker {
	tr := &Tracker{}
	tr.Add("claude-sonnet-4-5-20250929", provider.Usage{InputTokens: 200, OutputTokens: 40,
		CacheCreationInputTokens: 300, CacheCreation1h: 100, WebFetchRequests: 1})
	tr.Add("claude-opus-5-5", provider.Usage{InputTokens: 7, WebSearchRequests: 3})
	tr.AddAPIDuration(5*time.Second, 4*time.Second)
	tr.AddToolDuration(1500 * time.Millisecond)
	tr.AddWallDuration(time.Minute)
	tr.AddLines(12, 4)
	return tr
}

func TestSnapshotRestoreRoundTrip(t *testing.T) {
	orig := filledTracker().Snapshot()
	b, err := json.Marshal(orig)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(orig, back); d != "" {
		t.Fatalf("JSON round trip changed the state (-orig +back):\n%s", d)
	}
	var tr Tracker
	tr.Add("stale", provider.Usage{InputTokens: 1})
	tr.Restore(back)
	if d := cmp.Diff(orig, tr.Snapshot()); d != "" {
		t.Errorf("Restore then Snapshot differs (-orig +got):\n%s", d)
	}
	if _, ok := tr.ModelUsage()["stale"]; ok {
		t.Error("Restore kept the previous model entries")
	}
	if u := tr.Usage(); u.CacheCreation1h != 100 || u.WebFetchRequests != 1 || u.WebSearchRequests != 3 {
		t.Errorf("restored usage %+v", u)
	}
}

func TestStateJSONShape(t *testing.T) {
	b, err := json.Marshal(State{APIDuration: 1500 * time.Millisecond, WallDuration: 2 * time.Second, LinesAdded: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"apiDurationMs":1500`, `"wallDurationMs":2000`, `"linesAdded":3`,
		`"modelUsage":{}`, `"totalCostUSD":0`, `"totals":{"inputTokens":0`} {
		if !strings.Contains(s, want) {
			t.Errorf("JSON %s lacks %s", s, want)
		}
	}
}

func TestRestoreCopiesMap(t *testing.T) {
	s := State{ModelUsage: map[string]ModelUsage{"m": {InputTokens: 1}}}
	var tr Tracker
	tr.Restore(s)
	s.ModelUsage["m"] = ModelUsage{InputTokens: 50}
	if tr.ModelUsage()["m"].InputTokens != 1 {
		t.Error("Restore aliased the caller's map")
	}
	tr.Add("m", provider.Usage{InputTokens: 2})
	if got := tr.ModelUsage()["m"].InputTokens; got != 3 {
		t.Errorf("Add after Restore: %d input tokens, want 3", got)
	}
}

func TestWallDuration(t *testing.T) {
	var tr Tracker
	tr.AddWallDuration(time.Second)
	tr.AddWallDuration(2 * time.Second)
	if tr.WallDuration() != 3*time.Second {
		t.Errorf("wall %v", tr.WallDuration())
	}
	tr.Reset()
	if tr.WallDuration() != 0 {
		t.Error("Reset kept wall time")
	}
}
