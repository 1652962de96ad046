package app

import (
	"strings"
	"testing"
	"time"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// stalled is a turn whose stream goes silent for ever after message_start
// (or, with headers, a request never answered).
func stalled(kind string) providertest.Turn {
	t := providertest.Turn{Stall: kind, Blocks: []providertest.Block{providertest.Text("never")}}
	if kind == providertest.StallStream {
		t.CutAfter = 1
	}
	return t
}

// stallEnv shrinks the timeouts: API_TIMEOUT_MS lets an attempt run that
// long in all, silent or not.
func stallEnv(srv *providertest.Server, timeoutMS, retries string) envMap {
	return fakeAPI(srv).with("API_TIMEOUT_MS", timeoutMS, "CLAUDE_CODE_MAX_RETRIES", retries)
}

// A stream that goes silent after message_start, then a request that is
// never answered, are both cut by the timeout and retried; the run then
// succeeds.
func TestStalledStreamIsRetried(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		stalled(providertest.StallStream), stalled(providertest.StallHeaders),
		{Blocks: []providertest.Block{providertest.Text("recovered")}}}})
	var rec recorder
	opts := baseOptions(stallEnv(srv, "1000", "3")) // ample for the good attempt
	opts.Sink = rec.sink
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || res.Text != "recovered" || len(srv.Requests()) != 3 {
		t.Fatalf("result %+v after %d requests, want success on the third", res, len(srv.Requests()))
	}
	var retries []event.Retry
	for _, ev := range rec.all() {
		if r, ok := ev.(event.Retry); ok {
			retries = append(retries, r)
		}
	}
	if len(retries) != 2 {
		t.Fatalf("%d retries published, want 2", len(retries))
	}
	for _, r := range retries {
		if !strings.Contains(r.Message, "did not finish within 1s") || r.Category != "connection_error" {
			t.Errorf("retry %+v, want it to name the stall", r)
		}
	}
}

// When every attempt stalls, the run ends after the retry budget with an
// error that names the stall and the knob, instead of waiting for ever.
func TestEveryAttemptStallsEndsWithClearError(t *testing.T) {
	for _, kind := range []string{providertest.StallHeaders, providertest.StallStream} {
		t.Run(kind, func(t *testing.T) {
			turn := stalled(kind)
			turn.Repeat = 3
			srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{turn}})
			opts := baseOptions(stallEnv(srv, "300", "2"))
			start := time.Now()
			res, err := Run(t.Context(), opts)
			if err != nil {
				t.Fatal(err)
			}
			if !res.IsError || !strings.Contains(res.Text, "did not finish within 300ms") ||
				!strings.Contains(res.Text, "API_TIMEOUT_MS") || strings.Contains(res.Text, "fallback") {
				t.Errorf("result %+v, want an error naming the stall and API_TIMEOUT_MS", res)
			}
			if n := len(srv.Requests()); n != 3 {
				t.Errorf("%d requests, want 3 (one and two retries)", n)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("the run took %v", d)
			}
		})
	}
}
