package providertest

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"
)

func TestStallParses(t *testing.T) {
	sc, err := Parse([]byte(`{"turns": [{"stall": "stream", "cut_after": 1, "stall_ms": 250}, {"stall": "headers"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Turn{{Stall: StallStream, CutAfter: 1, StallFor: 250 * time.Millisecond}, {Stall: StallHeaders}}
	if !reflect.DeepEqual(sc.Turns, want) {
		t.Errorf("turns %+v, want %+v", sc.Turns, want)
	}
}

// silentFor posts hello with a deadline and reports what arrived before
// it: the status (0 for none) and the events read.
func silentFor(t *testing.T, s *Server, d time.Duration) (int, []string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/v1/messages", bytes.NewReader(hello))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	recs, err := readSSE(resp.Body)
	return resp.StatusCode, names(recs), err
}

func TestStallHeadersHoldsTheRequest(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Stall: StallHeaders, Blocks: []Block{Text("x")}}}})
	status, evs, err := silentFor(t, s, 200*time.Millisecond)
	if status != 0 || len(evs) != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("status %d, events %v, err %v: want no answer at all", status, evs, err)
	}
	if r := s.Requests(); len(r) != 1 || r[0].Status != 0 {
		t.Errorf("recorded %+v, want one request left unanswered", r)
	}
}

func TestStallStreamAfterMessageStart(t *testing.T) {
	s := Start(t, Scenario{Turns: []Turn{{Stall: StallStream, CutAfter: 1, Blocks: []Block{Text("x")}}}})
	status, evs, err := silentFor(t, s, 200*time.Millisecond)
	if status != http.StatusOK || !reflect.DeepEqual(evs, []string{"message_start"}) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("status %d, events %v, err %v: want message_start, then silence", status, evs, err)
	}
}

// A finite stall delays the stream, which then plays to the end.
func TestFiniteStallResumes(t *testing.T) {
	for _, turn := range []Turn{{Stall: StallHeaders}, {Stall: StallStream, CutAfter: 1}} {
		turn.StallFor, turn.Blocks = 100*time.Millisecond, []Block{Text("late")}
		kind := turn.Stall
		s := Start(t, Scenario{Turns: []Turn{turn}})
		start := time.Now()
		recs, err := stream(t, s, hello)
		if err != nil || !reflect.DeepEqual(names(recs), wantNames(1)) {
			t.Fatalf("%s: events %v, err %v", kind, names(recs), err)
		}
		if d := time.Since(start); d < 100*time.Millisecond {
			t.Errorf("%s: the stream took %v, less than the stall", kind, d)
		}
	}
}

// Close ends a stall that no client ends.
func TestCloseEndsAStall(t *testing.T) {
	s := New(Scenario{Turns: []Turn{{Stall: StallHeaders}}})
	go func() {
		for len(s.Requests()) == 0 {
			time.Sleep(time.Millisecond) // polling a condition; the test's deadline bounds it
		}
		s.Close()
	}()
	status, _, err := silentFor(t, s, 30*time.Second)
	if status != 0 && err == nil {
		t.Errorf("status %d with no error after Close", status)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Error("Close did not end the stall")
	}
}
