package provider

import (
	"context"
	"strings"
	"testing"
)

// transport builds a connection_error with a cause.
func transport(cause string, local bool) *APIError {
	return &APIError{Type: ErrTypeConnection, Cause: cause, Local: local, Message: cause}
}

func TestTransportCausesRetryBudget(t *testing.T) {
	tests := []struct {
		name  string
		err   *APIError
		limit int // RetryLimit(10)
		hint  string
	}{
		{"host not found", transport(CauseHostNotFound, false), 0, "ANTHROPIC_BASE_URL"},
		{"refused on loopback", transport(CauseRefused, true), 0, "nothing is listening"},
		{"tls", transport(CauseTLS, false), 0, "certificate"},
		{"refused remote", transport(CauseRefused, false), 2, "ANTHROPIC_BASE_URL"},
		{"unreachable", transport(CauseUnreachable, false), 2, "network is unreachable"},
		{"resolver failing", transport(CauseDNS, false), 2, "DNS"},
		{"timeout", transport(CauseTimeout, false), 10, "API_TIMEOUT_MS"},
		{"plain connection error", transport("", false), 10, "ANTHROPIC_BASE_URL"},
		{"401", &APIError{StatusCode: 401, Type: ErrTypeAuthentication}, 0, "ANTHROPIC_API_KEY"},
		{"403", &APIError{StatusCode: 403, Type: ErrTypePermission}, 0, "permissions"},
		{"529", &APIError{StatusCode: 529, Type: ErrTypeOverloaded}, 10, "--fallback-model"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.RetryLimit(10); got != tc.limit {
				t.Errorf("RetryLimit(10) = %d, want %d", got, tc.limit)
			}
			if got := tc.err.RetryLimit(1); got != min(tc.limit, 1) {
				t.Errorf("RetryLimit(1) = %d, want %d", got, min(tc.limit, 1))
			}
			if tc.err.Retryable() != (tc.limit > 0) {
				t.Errorf("Retryable() = %v with limit %d", tc.err.Retryable(), tc.limit)
			}
			adv := tc.err.Advice()
			if !strings.Contains(adv, tc.hint) {
				t.Errorf("Advice() = %q, want it to mention %q", adv, tc.hint)
			}
			if tc.err.Category() != "overloaded" && strings.Contains(adv, "fallback") {
				t.Errorf("Advice() = %q suggests a fallback model, which cannot help here", adv)
			}
		})
	}
}

func TestAdviceCountsRetries(t *testing.T) {
	for _, e := range []*APIError{{StatusCode: 529}, {StatusCode: 500}, {StatusCode: 429}, transport(CauseTimeout, false)} {
		if adv := e.Advice(); strings.Contains(adv, "retr") {
			t.Errorf("%v with no retries: advice %q mentions retries", e, adv)
		}
		e.Retries = 1
		if adv := e.Advice(); !strings.HasPrefix(adv, "still failing after 1 retry; ") {
			t.Errorf("%v after 1 retry: advice %q", e, adv)
		}
		e.Retries = 4
		if adv := e.Advice(); !strings.HasPrefix(adv, "still failing after 4 retries; ") {
			t.Errorf("%v after 4 retries: advice %q", e, adv)
		}
	}
}

func TestStreamWithRetryTransportBudget(t *testing.T) {
	tests := []struct {
		name    string
		err     func() *APIError
		pol     RetryPolicy
		calls   int
		retries int
	}{
		{"host not found fails at once", func() *APIError { return transport(CauseHostNotFound, false) }, RetryPolicy{}, 1, 0},
		{"local refusal fails at once", func() *APIError { return transport(CauseRefused, true) }, RetryPolicy{}, 1, 0},
		{"tls fails at once", func() *APIError { return transport(CauseTLS, false) }, RetryPolicy{}, 1, 0},
		{"unreachable gets two quick retries", func() *APIError { return transport(CauseUnreachable, false) }, RetryPolicy{}, 3, 2},
		{"short budget never exceeds MaxRetries", func() *APIError { return transport(CauseDNS, false) }, RetryPolicy{MaxRetries: 1}, 2, 1},
		{"MaxRetries 0 means one attempt", func() *APIError { return status(529) }, RetryPolicy{MaxRetries: -1}, 1, 0},
		{"retries are counted on the final error", func() *APIError { return status(500) }, RetryPolicy{MaxRetries: 3}, 4, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fp := &fakeProvider{script: repeat(fail, func() error { return tc.err() }, 12)}
			var r result
			pol := tc.pol
			recordSleep(&pol, &r)
			drain(t, context.Background(), fp, pol, &r)
			if fp.calls != tc.calls || len(r.retries) != tc.retries {
				t.Fatalf("%d calls and %d retries, want %d and %d", fp.calls, len(r.retries), tc.calls, tc.retries)
			}
			for i, info := range r.retries {
				if info.MaxRetries != tc.retries {
					t.Errorf("retry %d announces %d of %d, want of %d", i+1, info.Attempt, info.MaxRetries, tc.retries)
				}
			}
			if got := AsAPIError(r.err).Retries; got != tc.retries {
				t.Errorf("final error counts %d retries, want %d", got, tc.retries)
			}
		})
	}
}
