package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"reflect"
	"testing"
	"time"
)

func TestRetryPolicyAttempts(t *testing.T) {
	tests := []struct{ max, want int }{
		{0, DefaultMaxRetries},
		{-1, 0},
		{-100, 0},
		{1, 1},
		{3, 3},
		{25, 25},
	}
	for _, tc := range tests {
		if got := (RetryPolicy{MaxRetries: tc.max}).Attempts(); got != tc.want {
			t.Errorf("RetryPolicy{MaxRetries: %d}.Attempts() = %d, want %d", tc.max, got, tc.want)
		}
	}
	if DefaultMaxRetries != 10 {
		t.Errorf("DefaultMaxRetries = %d, want 10", DefaultMaxRetries)
	}
}

func TestRetryPolicyDefaults(t *testing.T) {
	p := RetryPolicy{BaseDelay: -time.Second, MaxDelay: -time.Second}.withDefaults()
	if p.BaseDelay != 500*time.Millisecond || p.MaxDelay != 32*time.Second || p.Sleep == nil {
		t.Errorf("withDefaults = %+v, want 500ms / 32s / a sleep func", p)
	}
	p = RetryPolicy{BaseDelay: time.Second, MaxDelay: time.Minute, OverloadLimit: 3}.withDefaults()
	if p.BaseDelay != time.Second || p.MaxDelay != time.Minute || p.OverloadLimit != 3 {
		t.Errorf("withDefaults overrode set values: %+v", p)
	}
}

// jitterBounds is the ±25% window around a nominal delay.
func jitterBounds(d time.Duration) (lo, hi time.Duration) { return d - d/4, d + d/4 }

func TestRetryPolicyBackoff(t *testing.T) {
	tests := []struct {
		name    string
		pol     RetryPolicy
		attempt int
		err     *APIError
		nominal time.Duration
	}{
		{"default 1", RetryPolicy{}, 1, nil, 500 * time.Millisecond},
		{"default 2", RetryPolicy{}, 2, nil, time.Second},
		{"default 3", RetryPolicy{}, 3, nil, 2 * time.Second},
		{"default 6", RetryPolicy{}, 6, nil, 16 * time.Second},
		{"default 7 hits the cap", RetryPolicy{}, 7, nil, 32 * time.Second},
		{"default 8 capped", RetryPolicy{}, 8, nil, 32 * time.Second},
		{"default 40 capped", RetryPolicy{}, 40, nil, 32 * time.Second},
		{"attempt 0 is the base", RetryPolicy{}, 0, nil, 500 * time.Millisecond},
		{"custom 1", RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second}, 1, nil, time.Second},
		{"custom 3", RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second}, 3, nil, 4 * time.Second},
		{"custom 4 capped below the doubling", RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second}, 4, nil, 5 * time.Second},
		{"base above max", RetryPolicy{BaseDelay: 10 * time.Second, MaxDelay: 4 * time.Second}, 1, nil, 4 * time.Second},
		{"RetryAfter without HasRetry is ignored", RetryPolicy{}, 2,
			&APIError{StatusCode: 429, RetryAfter: 7 * time.Second}, time.Second},
		{"error without retry-after", RetryPolicy{}, 3, status(529), 2 * time.Second},
	}
	const samples = 300
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi := jitterBounds(tc.nominal)
			least, most := hi, lo
			for range samples {
				d := tc.pol.Backoff(tc.attempt, tc.err)
				if d < lo || d > hi {
					t.Fatalf("Backoff(%d) = %v, want within [%v, %v]", tc.attempt, d, lo, hi)
				}
				least, most = min(least, d), max(most, d)
			}
			// The jitter spreads both ways, across most of the window
			// (a miss has odds of (3/4)^300).
			if spread := tc.nominal / 8; least > tc.nominal-spread || most < tc.nominal+spread {
				t.Errorf("Backoff(%d) ranged over [%v, %v] only, want jitter across [%v, %v]",
					tc.attempt, least, most, lo, hi)
			}
		})
	}
}

func TestRetryPolicyBackoffRetryAfter(t *testing.T) {
	tests := []struct {
		name       string
		retryAfter time.Duration
		want       time.Duration
	}{
		{"zero", 0, 0},
		{"exact", 7 * time.Second, 7 * time.Second},
		{"sub-second", 1500 * time.Millisecond, 1500 * time.Millisecond},
		{"above MaxDelay still honoured", 2 * time.Minute, 2 * time.Minute},
		{"at the cap", 5 * time.Minute, 5 * time.Minute},
		{"capped", 10 * time.Minute, 5 * time.Minute},
		{"huge", 24 * time.Hour, 5 * time.Minute},
		{"negative", -time.Second, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := &APIError{StatusCode: 429, RetryAfter: tc.retryAfter, HasRetry: true}
			for _, attempt := range []int{1, 2, 9} {
				if got := (RetryPolicy{}).Backoff(attempt, err); got != tc.want {
					t.Errorf("Backoff(%d) with retry-after %v = %v, want %v", attempt, tc.retryAfter, got, tc.want)
				}
			}
		})
	}
}

func TestRetryPolicyPause(t *testing.T) {
	cause := errors.New("user hit escape")
	cancelled, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	tests := []struct {
		name string
		ctx  context.Context
		d    time.Duration
		want error
	}{
		{"zero, live", context.Background(), 0, nil},
		{"negative, live", context.Background(), -time.Second, nil},
		{"1ns, live", context.Background(), time.Nanosecond, nil},
		{"zero, cancelled", cancelled, 0, cause},
		{"long, cancelled", cancelled, time.Hour, cause},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := (RetryPolicy{}).Pause(tc.ctx, tc.d); !errors.Is(got, tc.want) || (tc.want == nil) != (got == nil) {
				t.Errorf("Pause(%v) = %v, want %v", tc.d, got, tc.want)
			}
		})
	}
	var slept []time.Duration
	pol := RetryPolicy{Sleep: func(_ context.Context, d time.Duration) error { slept = append(slept, d); return io.EOF }}
	if err := pol.Pause(context.Background(), time.Hour); err != io.EOF || !reflect.DeepEqual(slept, []time.Duration{time.Hour}) {
		t.Errorf("Pause with a Sleep hook: err %v, slept %v", err, slept)
	}
}

// ---- StreamWithRetry ----

// outcome scripts one Stream call: its events, then err if non-nil.
type outcome struct {
	events []Event
	err    error
}

// fakeProvider plays one scripted outcome per Stream call.
type fakeProvider struct {
	script  []outcome
	calls   int  // Stream calls made
	stopped bool // a consumer stopped a stream early
	onCall  func(n int)
}

func (f *fakeProvider) Stream(ctx context.Context, req *Request) iter.Seq2[Event, error] {
	n := f.calls
	f.calls++
	if f.onCall != nil {
		f.onCall(n)
	}
	return func(yield func(Event, error) bool) {
		if n >= len(f.script) {
			yield(Event{}, &APIError{StatusCode: 400, Message: fmt.Sprintf("unscripted call %d", n+1)})
			return
		}
		o := f.script[n]
		for _, ev := range o.events {
			if !yield(ev, nil) {
				f.stopped = true
				return
			}
		}
		if o.err != nil {
			yield(Event{}, o.err)
		}
	}
}

func fail(err error) outcome { return outcome{err: err} }

func status(code int) *APIError {
	return &APIError{StatusCode: code, Type: map[int]string{400: ErrTypeInvalidRequest, 401: ErrTypeAuthentication,
		429: ErrTypeRateLimit, 500: ErrTypeAPI, 529: ErrTypeOverloaded}[code], Message: fmt.Sprintf("status %d", code)}
}

func fullStream(text string) []Event {
	return []Event{
		evStart("msg_1", "m", Usage{InputTokens: 3}),
		evBlockStart(0, TextBlock("")),
		evDelta(0, DeltaText, text),
		evBlockStop(0),
		evMsgDelta(StopEndTurn, Usage{OutputTokens: 2}),
		evMsgStop(),
	}
}

func ok(text string) outcome { return outcome{events: fullStream(text)} }

// result is everything a StreamWithRetry loop produced.
type result struct {
	events  []Event      // non-retry events
	retries []*RetryInfo // EventRetry payloads, in order
	slept   []time.Duration
	log     []string // "retry N" and "sleep N", interleaved as they happened
	err     error
}

// recordSleep installs a Sleep hook that records instead of sleeping.
func recordSleep(pol *RetryPolicy, r *result) {
	pol.Sleep = func(ctx context.Context, d time.Duration) error {
		r.slept = append(r.slept, d)
		r.log = append(r.log, fmt.Sprintf("sleep %d", len(r.slept)))
		return nil
	}
}

// drain runs the loop to its end, checking that an error comes last.
func drain(t *testing.T, ctx context.Context, p Provider, pol RetryPolicy, r *result) {
	t.Helper()
	for ev, err := range StreamWithRetry(ctx, p, &Request{Model: "m"}, pol) {
		if r.err != nil {
			t.Fatalf("yielded (%s, %v) after the error %v", ev.Type, err, r.err)
		}
		switch {
		case err != nil:
			r.err = err
		case ev.Type == EventRetry:
			r.retries = append(r.retries, ev.Retry)
			r.log = append(r.log, fmt.Sprintf("retry %d", ev.Retry.Attempt))
		default:
			r.events = append(r.events, ev)
		}
	}
}

func TestStreamWithRetry(t *testing.T) {
	connErr := fmt.Errorf("read tcp: %w", io.ErrUnexpectedEOF)
	overloadedEvent := func() *APIError { return &APIError{Type: ErrTypeOverloaded, Message: "Overloaded"} }
	tests := []struct {
		name      string
		pol       RetryPolicy
		script    []outcome
		calls     int
		retryErrs []int // status of each retry's Err (0 for none)
		wantErr   int   // index into script of the final error, or -1 for success
	}{
		{"success", RetryPolicy{}, []outcome{ok("hi")}, 1, nil, -1},
		{"429 then success", RetryPolicy{}, []outcome{fail(status(429)), ok("hi")}, 2, []int{429}, -1},
		{"529, 500, connection error, then success", RetryPolicy{},
			[]outcome{fail(status(529)), fail(status(500)), fail(connErr), ok("hi")}, 4, []int{529, 500, 0}, -1},
		{"overloaded error event then success", RetryPolicy{},
			[]outcome{fail(overloadedEvent()), ok("hi")}, 2, []int{0}, -1},
		{"400 not retried", RetryPolicy{}, []outcome{fail(status(400)), ok("hi")}, 1, nil, 0},
		{"401 not retried", RetryPolicy{}, []outcome{fail(status(401)), ok("hi")}, 1, nil, 0},
		{"gives up after MaxRetries", RetryPolicy{MaxRetries: 2},
			[]outcome{fail(status(500)), fail(status(529)), fail(status(429)), ok("hi")}, 3, []int{500, 529}, 2},
		{"MaxRetries 1", RetryPolicy{MaxRetries: 1},
			[]outcome{fail(status(500)), fail(status(500)), ok("hi")}, 2, []int{500}, 1},
		{"negative MaxRetries never retries", RetryPolicy{MaxRetries: -1},
			[]outcome{fail(status(500)), ok("hi")}, 1, nil, 0},
		{"default limit is 10 retries", RetryPolicy{},
			append(repeat(fail, func() error { return status(500) }, 11), ok("hi")), 11,
			[]int{500, 500, 500, 500, 500, 500, 500, 500, 500, 500}, 10},
		{"OverloadLimit gives up", RetryPolicy{OverloadLimit: 3},
			[]outcome{fail(status(529)), fail(overloadedEvent()), fail(status(529)), ok("hi")}, 3, []int{529, 0}, 2},
		{"OverloadLimit 1 gives up at once", RetryPolicy{OverloadLimit: 1},
			[]outcome{fail(status(529)), ok("hi")}, 1, nil, 0},
		{"OverloadLimit reset by another failure", RetryPolicy{OverloadLimit: 3},
			[]outcome{fail(status(529)), fail(status(529)), fail(status(500)), fail(status(529)), fail(status(529)), ok("hi")},
			6, []int{529, 529, 500, 529, 529}, -1},
		{"OverloadLimit ignores other failures", RetryPolicy{OverloadLimit: 2},
			[]outcome{fail(status(500)), fail(status(429)), fail(status(500)), ok("hi")}, 4, []int{500, 429, 500}, -1},
		{"no OverloadLimit", RetryPolicy{},
			[]outcome{fail(status(529)), fail(status(529)), fail(status(529)), fail(status(529)), ok("hi")},
			5, []int{529, 529, 529, 529}, -1},
		{"MaxRetries before OverloadLimit", RetryPolicy{MaxRetries: 1, OverloadLimit: 3},
			[]outcome{fail(status(529)), fail(status(529)), ok("hi")}, 2, []int{529}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fp := &fakeProvider{script: tc.script}
			var r result
			pol := tc.pol
			recordSleep(&pol, &r)
			drain(t, context.Background(), fp, pol, &r)

			if fp.calls != tc.calls {
				t.Errorf("Stream called %d times, want %d", fp.calls, tc.calls)
			}
			if tc.wantErr < 0 {
				if r.err != nil {
					t.Fatalf("err = %v, want success", r.err)
				}
				if !reflect.DeepEqual(r.events, fullStream("hi")) {
					t.Errorf("events = %+v, want the full stream once", r.events)
				}
			} else {
				want := tc.script[tc.wantErr].err
				if r.err != want {
					t.Errorf("err = %v, want the last failure %v", r.err, want)
				}
				if len(r.events) != 0 {
					t.Errorf("got %d events, want none", len(r.events))
				}
				if ae := AsAPIError(r.err); ae.MidStream {
					t.Error("MidStream set on a failure before any event")
				}
			}
			checkRetries(t, pol, &r, tc.retryErrs)
		})
	}
}

func repeat(f func(error) outcome, mk func() error, n int) []outcome {
	out := make([]outcome, n)
	for i := range out {
		out[i] = f(mk())
	}
	return out
}

// checkRetries verifies the EventRetry payloads and that each came just
// before its wait.
func checkRetries(t *testing.T, pol RetryPolicy, r *result, statuses []int) {
	t.Helper()
	if len(r.retries) != len(statuses) {
		t.Fatalf("%d retries, want %d", len(r.retries), len(statuses))
	}
	var wantLog []string
	for i, info := range r.retries {
		n := i + 1
		wantLog = append(wantLog, fmt.Sprintf("retry %d", n), fmt.Sprintf("sleep %d", n))
		if info.Attempt != n || info.MaxRetries != pol.Attempts() {
			t.Errorf("retry %d: Attempt %d MaxRetries %d, want %d and %d", n, info.Attempt, info.MaxRetries, n, pol.Attempts())
		}
		if info.Err == nil || info.Err.StatusCode != statuses[i] || !info.Err.Retryable() || info.Err.MidStream {
			t.Errorf("retry %d: Err %+v, want a retryable status-%d error", n, info.Err, statuses[i])
		}
		if i < len(r.slept) && r.slept[i] != info.Delay {
			t.Errorf("retry %d: slept %v, announced %v", n, r.slept[i], info.Delay)
		}
		lo, hi := jitterBounds(pol.withDefaults().BaseDelay << i)
		if cp := pol.withDefaults().MaxDelay; pol.withDefaults().BaseDelay<<i > cp {
			lo, hi = jitterBounds(cp)
		}
		if info.Delay < lo || info.Delay > hi {
			t.Errorf("retry %d: Delay %v, want within [%v, %v]", n, info.Delay, lo, hi)
		}
	}
	if len(r.slept) != len(statuses) {
		t.Errorf("slept %d times, want %d", len(r.slept), len(statuses))
	}
	if !reflect.DeepEqual(r.log, wantLog) {
		t.Errorf("order = %v, want %v", r.log, wantLog)
	}
}

func TestStreamWithRetryConnectionError(t *testing.T) {
	cause := fmt.Errorf("read tcp: %w", io.ErrUnexpectedEOF)
	fp := &fakeProvider{script: []outcome{fail(cause), ok("hi")}}
	var r result
	var pol RetryPolicy
	recordSleep(&pol, &r)
	drain(t, context.Background(), fp, pol, &r)
	if r.err != nil || len(r.retries) != 1 {
		t.Fatalf("err %v, %d retries; want success after one retry", r.err, len(r.retries))
	}
	if e := r.retries[0].Err; e.Type != ErrTypeConnection || !errors.Is(e, io.ErrUnexpectedEOF) {
		t.Errorf("retry Err = %+v, want a connection_error wrapping the cause", e)
	}
}

func TestStreamWithRetryRetryAfter(t *testing.T) {
	tests := []struct {
		name       string
		retryAfter time.Duration
		want       time.Duration
	}{
		{"zero", 0, 0},
		{"exact", 3 * time.Second, 3 * time.Second},
		{"capped", time.Hour, 5 * time.Minute},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := status(429)
			e.RetryAfter, e.HasRetry = tc.retryAfter, true
			fp := &fakeProvider{script: []outcome{fail(e), ok("hi")}}
			var r result
			var pol RetryPolicy
			recordSleep(&pol, &r)
			drain(t, context.Background(), fp, pol, &r)
			if r.err != nil || len(r.retries) != 1 {
				t.Fatalf("err %v, %d retries; want success after one retry", r.err, len(r.retries))
			}
			if r.retries[0].Delay != tc.want || !reflect.DeepEqual(r.slept, []time.Duration{tc.want}) {
				t.Errorf("Delay %v, slept %v; want exactly %v", r.retries[0].Delay, r.slept, tc.want)
			}
		})
	}
}

func TestStreamWithRetryMidStream(t *testing.T) {
	partial := fullStream("hi")[:3]
	tests := []struct {
		name string
		err  error
	}{
		{"overloaded event", &APIError{Type: ErrTypeOverloaded, Message: "Overloaded"}},
		{"500", status(500)},
		{"connection drop", io.ErrUnexpectedEOF},
		{"not retryable anyway", status(400)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fp := &fakeProvider{script: []outcome{{events: partial, err: tc.err}, ok("hi")}}
			var r result
			var pol RetryPolicy
			recordSleep(&pol, &r)
			drain(t, context.Background(), fp, pol, &r)
			if fp.calls != 1 || len(r.retries) != 0 || len(r.slept) != 0 {
				t.Errorf("calls %d, retries %d, sleeps %d; want no retry", fp.calls, len(r.retries), len(r.slept))
			}
			if !reflect.DeepEqual(r.events, partial) {
				t.Errorf("events = %+v, want the partial stream", r.events)
			}
			var ae *APIError
			if !errors.As(r.err, &ae) || !ae.MidStream {
				t.Fatalf("err = %#v, want an *APIError with MidStream", r.err)
			}
			if !errors.Is(r.err, tc.err) {
				t.Errorf("err %v does not match the stream's error %v", r.err, tc.err)
			}
		})
	}
}

func TestStreamWithRetryConsumerStops(t *testing.T) {
	tests := []struct {
		name      string
		script    []outcome
		stopAt    func(Event) bool
		calls     int
		sleeps    int
		fpStopped bool
	}{
		{"during the first stream", []outcome{ok("hi"), ok("again")},
			func(ev Event) bool { return ev.Type == EventBlockStart }, 1, 0, true},
		{"at the first event", []outcome{ok("hi")},
			func(Event) bool { return true }, 1, 0, true},
		{"at the retry event", []outcome{fail(status(529)), ok("hi")},
			func(ev Event) bool { return ev.Type == EventRetry }, 1, 0, false},
		{"during the retried stream", []outcome{fail(status(500)), ok("hi"), ok("again")},
			func(ev Event) bool { return ev.Type == EventBlockDelta }, 2, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fp := &fakeProvider{script: tc.script}
			var r result
			var pol RetryPolicy
			recordSleep(&pol, &r)
			got := 0
			for ev, err := range StreamWithRetry(context.Background(), fp, &Request{}, pol) {
				got++
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if tc.stopAt(ev) {
					break
				}
			}
			if fp.calls != tc.calls || len(r.slept) != tc.sleeps || fp.stopped != tc.fpStopped {
				t.Errorf("calls %d sleeps %d provider stopped %v; want %d, %d, %v",
					fp.calls, len(r.slept), fp.stopped, tc.calls, tc.sleeps, tc.fpStopped)
			}
		})
	}
}

func TestStreamWithRetryCancelDuringSleep(t *testing.T) {
	cause := errors.New("interrupted")
	tests := []struct {
		name  string
		sleep bool // use the real, ctx-aware sleep with an hour-long delay
	}{
		{"default sleep", true},
		{"sleep hook", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			fp := &fakeProvider{script: []outcome{fail(status(529)), ok("hi")}}
			pol := RetryPolicy{BaseDelay: time.Hour, MaxDelay: time.Hour}
			if !tc.sleep {
				pol.Sleep = func(ctx context.Context, d time.Duration) error {
					cancel(cause)
					<-ctx.Done()
					return context.Cause(ctx)
				}
			}
			type out struct {
				retries int
				err     error
			}
			done := make(chan out, 1)
			go func() {
				var o out
				for ev, err := range StreamWithRetry(ctx, fp, &Request{}, pol) {
					if err != nil {
						o.err = err
						break
					}
					if ev.Type == EventRetry {
						o.retries++
						if tc.sleep {
							cancel(cause) // before the hour-long wait starts
						}
					}
				}
				done <- o
			}()
			select {
			case o := <-done:
				if o.retries != 1 || fp.calls != 1 {
					t.Errorf("retries %d, calls %d; want 1 and 1", o.retries, fp.calls)
				}
				if o.err == nil || !errors.Is(o.err, cause) {
					t.Errorf("err = %v, want one wrapping the cancel cause", o.err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("StreamWithRetry did not return after ctx was cancelled during the backoff")
			}
		})
	}
}

func TestStreamWithRetryCancelledContextNotRetried(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	fp := &fakeProvider{script: []outcome{fail(status(500)), ok("hi")}}
	fp.onCall = func(int) { cancel() } // the request fails because ctx ended
	var r result
	var pol RetryPolicy
	recordSleep(&pol, &r)
	drain(t, ctx, fp, pol, &r)
	if fp.calls != 1 || len(r.retries) != 0 || len(r.slept) != 0 {
		t.Errorf("calls %d retries %d sleeps %d; want no retry once ctx is done", fp.calls, len(r.retries), len(r.slept))
	}
	if r.err != fp.script[0].err {
		t.Errorf("err = %v, want the failure %v", r.err, fp.script[0].err)
	}
}
