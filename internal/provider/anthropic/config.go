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
	// IdleTimeout bounds the silence of one request: the wait for the
	// response headers, then the gap between two stream events. A response
	// that keeps streaming is never cut by it. 0 means DefaultIdleTimeout;
	// a negative value means no limit.
	IdleTimeout time.Duration
	// Timeout bounds one request attempt as a whole, from sending it to
	// message_stop. 0 means DefaultTimeout; a negative value means no
	// limit.
	Timeout time.Duration
	// UserAgent is sent as User-Agent, e.g. "corvid/1.2.3".
	UserAgent string
	// DeviceID is an anonymous, stable id of this installation, sent in
	// metadata.user_id with the session id of requests that name one.
	DeviceID string
	// HTTPClient sends the requests; nil uses http.DefaultClient.
	HTTPClient *http.Client
}

// Default timeouts. A request attempt may take DefaultTimeout in all (as
// Claude Code's API_TIMEOUT_MS default), but may not be silent for more
// than DefaultIdleTimeout: a stalled stream is cut and retried long before
// the total runs out.
const (
	DefaultTimeout     = 600 * time.Second
	DefaultIdleTimeout = 90 * time.Second
	// maxTimeout caps API_TIMEOUT_MS, so huge values cannot overflow.
	maxTimeout = 24 * time.Hour
)

// ConfigFromEnv reads ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN,
// ANTHROPIC_BASE_URL, ANTHROPIC_CUSTOM_HEADERS (newline-separated
// "Name: Value" lines) and API_TIMEOUT_MS through getenv.
//
// API_TIMEOUT_MS=N (milliseconds, N > 0) sets both limits: Timeout to N
// and IdleTimeout to N or DefaultIdleTimeout, whichever is shorter. A
// malformed or non-positive value is ignored (the defaults apply).
func ConfigFromEnv(getenv func(string) string) Config {
	cfg := Config{
		APIKey:    strings.TrimSpace(getenv("ANTHROPIC_API_KEY")),
		AuthToken: strings.TrimSpace(getenv("ANTHROPIC_AUTH_TOKEN")),
		BaseURL:   strings.TrimSpace(getenv("ANTHROPIC_BASE_URL")),
		Headers:   ParseHeaders(getenv("ANTHROPIC_CUSTOM_HEADERS")),
	}
	if ms, err := strconv.ParseInt(strings.TrimSpace(getenv("API_TIMEOUT_MS")), 10, 64); err == nil && ms > 0 {
		cfg.Timeout = time.Duration(min(ms, int64(maxTimeout/time.Millisecond))) * time.Millisecond
		cfg.IdleTimeout = min(cfg.Timeout, DefaultIdleTimeout)
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
