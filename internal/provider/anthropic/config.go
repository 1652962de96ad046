package anthropic

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Config configures a Client.
type Config struct {
	// APIKey is sent as x-api-key; AuthToken as "Authorization: Bearer".
	// At least one is required; both are sent when both are set.
	APIKey    string
	AuthToken string
	// BaseURL replaces https://api.anthropic.com (a proxy, gateway or fake).
	BaseURL string
	// Headers are added to every request.
	Headers map[string]string
	// Timeout bounds the wait for the response headers and for each
	// stream event after them; 0 means no limit. A long response that
	// keeps streaming is never cut.
	Timeout time.Duration
	// UserAgent is sent as User-Agent, e.g. "corvid/1.2.3".
	UserAgent string
	// HTTPClient sends the requests; nil uses http.DefaultClient.
	HTTPClient *http.Client
}

// ConfigFromEnv reads ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN,
// ANTHROPIC_BASE_URL, ANTHROPIC_CUSTOM_HEADERS (newline-separated
// "Name: Value" lines) and API_TIMEOUT_MS (milliseconds) through getenv.
// A malformed timeout is ignored.
func ConfigFromEnv(getenv func(string) string) Config {
	cfg := Config{
		APIKey:    strings.TrimSpace(getenv("ANTHROPIC_API_KEY")),
		AuthToken: strings.TrimSpace(getenv("ANTHROPIC_AUTH_TOKEN")),
		BaseURL:   strings.TrimSpace(getenv("ANTHROPIC_BASE_URL")),
		Headers:   ParseHeaders(getenv("ANTHROPIC_CUSTOM_HEADERS")),
	}
	if ms, err := strconv.ParseInt(strings.TrimSpace(getenv("API_TIMEOUT_MS")), 10, 64); err == nil && ms > 0 {
		cfg.Timeout = time.Duration(ms) * time.Millisecond
	}
	return cfg
}

// ParseHeaders parses newline-separated "Name: Value" lines. Lines without
// a colon or with an empty name are skipped; a later line wins over an
// earlier one with the same name. It returns nil when there are none.
func ParseHeaders(s string) map[string]string {
	var h map[string]string
	for line := range strings.Lines(s) {
		name, value, ok := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			continue
		}
		if h == nil {
			h = map[string]string{}
		}
		h[http.CanonicalHeaderKey(name)] = strings.TrimSpace(value)
	}
	return h
}
