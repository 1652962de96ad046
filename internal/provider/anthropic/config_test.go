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
		cfg.Timeout != 1500*time.Millisecond {
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
		if cfg.Timeout != 0 || cfg.Headers != nil || cfg.APIKey != "" {
			t.Errorf("timeout %q: %+v", timeout, cfg)
		}
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
