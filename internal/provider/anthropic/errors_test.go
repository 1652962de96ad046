package anthropic

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		h    map[string]string
		want time.Duration
		ok   bool
	}{
		{nil, 0, false},
		{map[string]string{"Retry-After": "0"}, 0, true},
		{map[string]string{"Retry-After": " 12 "}, 12 * time.Second, true},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{map[string]string{"Retry-After": "-3"}, 0, false},
		{map[string]string{"Retry-After": "NaN"}, 0, false},
		{map[string]string{"Retry-After": "1e30"}, maxDelay, true},
		{map[string]string{"Retry-After": now.Add(time.Minute).Format(http.TimeFormat)}, time.Minute, true},
		{map[string]string{"Retry-After": now.Add(-time.Minute).Format(http.TimeFormat)}, 0, true},
		{map[string]string{"Retry-After": "Sunday, 01-Nov-26 12:00:30 GMT"}, 30 * time.Second, true},
		{map[string]string{"Retry-After-Ms": "40", "Retry-After": "9"}, 40 * time.Millisecond, true},
		{map[string]string{"Retry-After-Ms": "x", "Retry-After": "9"}, 9 * time.Second, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.h {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tt.h, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTruncate(t *testing.T) {
	if got := truncate("héllo", 2); got != "h…" {
		t.Errorf("truncate split a rune: %q", got)
	}
	if got := truncate("abc", 3); got != "abc" {
		t.Errorf("truncate(abc, 3) = %q", got)
	}
}
