package anthropic

import (
	"maps"
	"strings"
	"testing"
	"time"
)

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"ANTHROPIC_API_KEY":        " sk-env ",
		"ANTHROPIC_AUTH_TOKEN":     "tok-env",
		"ANTHROPIC_BASE_URL":       "http://127.0.0.1:9999",
		"ANTHROPIC_CUSTOM_HEADERS": "X-One: 1\nx-two:two: parts \n\nbroken line\n: no name\r\nX-Three:  3  ",
		"API_TIMEOUT_MS":           "1500",
	}
	cfg := ConfigFromEnv(func(k string) string { return env[k] })
	if cfg.APIKey != "sk-env" || cfg.AuthToken != "tok-env" || cfg.BaseURL != "http://127.0.0.1:9999" ||
		cfg.Timeout != 1500*time.Millisecond || cfg.IdleTimeout != 1500*time.Millisecond {
		t.Errorf("config %+v", cfg)
	}
	want := map[string]string{"X-One": "1", "X-Two": "two: parts", "X-Three": "3"}
	if !maps.Equal(cfg.Headers, want) {
		t.Errorf("headers %q, want %q", cfg.Headers, want)
	}
}

func TestConfigFromEnvDefaults(t *testing.T) {
	for _, timeout := range []string{"", "abc", "-5", "0"} {
		cfg := ConfigFromEnv(func(k string) string {
			if k == "API_TIMEOUT_MS" {
				return timeout
			}
			return ""
		})
		if cfg.Timeout != 0 || cfg.IdleTimeout != 0 || cfg.Headers != nil || cfg.APIKey != "" {
			t.Errorf("timeout %q: %+v", timeout, cfg)
		}
	}
}

// API_TIMEOUT_MS sets the total limit and caps the idle limit, which
// otherwise stays at its default; huge values do not overflow.
func TestAPITimeoutSetsBothLimits(t *testing.T) {
	tests := []struct {
		env         string
		total, idle time.Duration
	}{
		{"300", 300 * time.Millisecond, 300 * time.Millisecond},
		{"90000", 90 * time.Second, 90 * time.Second},
		{"600000", 600 * time.Second, DefaultIdleTimeout},
		{"99999999999999999", maxTimeout, DefaultIdleTimeout},
	}
	for _, tt := range tests {
		cfg := ConfigFromEnv(func(k string) string {
			if k == "API_TIMEOUT_MS" {
				return tt.env
			}
			return ""
		})
		if cfg.Timeout != tt.total || cfg.IdleTimeout != tt.idle {
			t.Errorf("API_TIMEOUT_MS=%s: total %v idle %v, want %v and %v", tt.env, cfg.Timeout, cfg.IdleTimeout, tt.total, tt.idle)
		}
	}
}

// Without configuration a client has both limits: 600 s in all, 90 s of
// silence. A negative value turns a limit off.
func TestDefaultTimeouts(t *testing.T) {
	c := newTestClient(t, "http://127.0.0.1:1")
	if c.total != 600*time.Second || c.idle != 90*time.Second {
		t.Errorf("default limits: total %v idle %v, want 10m0s and 1m30s", c.total, c.idle)
	}
	c = newTestClient(t, "http://127.0.0.1:1", func(cfg *Config) { cfg.Timeout, cfg.IdleTimeout = -1, -1 })
	if c.total != 0 || c.idle != 0 {
		t.Errorf("negative limits: total %v idle %v, want none", c.total, c.idle)
	}
}

func TestNewErrors(t *testing.T) {
	_, err := New(Config{})
	if err == nil || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Errorf("no credentials: %v", err)
	}
	for _, base := range []string{"127.0.0.1:8080", "ftp://host", "http://", "::bad"} {
		if _, err := New(Config{APIKey: "k", BaseURL: base}); err == nil {
			t.Errorf("base URL %q accepted", base)
		}
	}
	if _, err := New(Config{AuthToken: "t", BaseURL: "https://gw.example/anthropic"}); err != nil {
		t.Errorf("valid config rejected: %v", err)
	}
}

func TestMergeBetas(t *testing.T) {
	tests := [][3]string{
		{"", "", ""},
		{"a", "", "a"},
		{"", " b ", "b"},
		{"a,b", "b, c,,a", "a,b,c"},
	}
	for _, tt := range tests {
		if got := mergeBetas(tt[0], tt[1]); got != tt[2] {
			t.Errorf("mergeBetas(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}
