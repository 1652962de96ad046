package cost

import (
	"testing"
	"time"
)

func TestFormatCost(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "$0.0000"},
		{0.0012, "$0.0012"},
		{0.5, "$0.5000"},
		{0.5001, "$0.50"},
		{0.55, "$0.55"},
		{12.345, "$12.35"},
	}
	for _, c := range cases {
		if got := FormatCost(c.in); got != c.want {
			t.Errorf("FormatCost(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFormatTokens(t *testing.T) {
	cases := []struct {
		in   int
		want string
	}{
		{0, "0"},
		{999, "999"},
		{1000, "1.0k"},
		{1234, "1.2k"},
		{5250, "5.3k"},
		{940_000, "940.0k"},
		{999_949, "999.9k"},
		{999_950, "1.0m"},
		{1_250_000, "1.3m"},
		{12_000_000, "12.0m"},
	}
	for _, c := range cases {
		if got := FormatTokens(c.in); got != c.want {
			t.Errorf("FormatTokens(%d) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	cases := []struct {
		in   time.Duration
		want string
	}{
		{0, "0s"},
		{999 * time.Millisecond, "0s"},
		{12*time.Second + 900*time.Millisecond, "12s"},
		{59 * time.Second, "59s"},
		{time.Minute, "1m 0s"},
		{6*time.Minute + 20*time.Second, "6m 20s"},
		{6*time.Hour + 33*time.Minute + 10*time.Second, "6h 33m 10s"},
		{time.Hour, "1h 0m 0s"},
		{26*time.Hour + 3*time.Minute + 59*time.Second, "1d 2h 3m"},
		{-time.Second, "0s"},
	}
	for _, c := range cases {
		if got := FormatDuration(c.in); got != c.want {
			t.Errorf("FormatDuration(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
