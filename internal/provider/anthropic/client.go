package anthropic

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"corvid/internal/provider"
)

// defaultUserAgent is sent when Config.UserAgent is empty.
const defaultUserAgent = "corvid"

// messagesPath is the Messages endpoint, relative to the base URL.
const messagesPath = "v1/messages"

var _ provider.Provider = (*Client)(nil)

// Client streams responses from the Messages API. It is safe for
// concurrent use.
type Client struct {
	sdk anthropic.Client
	// idle and total are the resolved timeouts; 0 is no limit.
	idle, total time.Duration
	// betas are the anthropic-beta values of Config.Headers, merged with
	// each request's own.
	betas string
	// deviceID is Config.DeviceID.
	deviceID string
}

// New returns a client for cfg. It fails when cfg carries no credentials
// or an unusable base URL.
func New(cfg Config) (*Client, error) {
	if cfg.APIKey == "" && cfg.AuthToken == "" {
		return nil, errors.New("anthropic: no API credentials: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN for a bearer token)")
	}
	if cfg.BaseURL != "" {
		if err := checkBaseURL(cfg.BaseURL); err != nil {
			return nil, err
		}
	}
	c := &Client{idle: limit(cfg.IdleTimeout, DefaultIdleTimeout), total: limit(cfg.Timeout, DefaultTimeout),
		deviceID: cfg.DeviceID}
	opts := []option.RequestOption{
		// corvid resolves credentials itself and retries visibly.
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(0),
	}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	if cfg.AuthToken != "" {
		opts = append(opts, option.WithAuthToken(cfg.AuthToken))
	}
	ua := cfg.UserAgent
	if ua == "" {
		ua = defaultUserAgent
	}
	opts = append(opts, option.WithHeader("User-Agent", ua), option.WithHeader("x-app", "cli"))
	for name, value := range cfg.Headers {
		if strings.EqualFold(name, betaHeader) {
			c.betas = mergeBetas(c.betas, value)
			continue
		}
		opts = append(opts, option.WithHeader(name, value))
	}
	c.sdk = anthropic.NewClient(opts...)
	return c, nil
}

func checkBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("anthropic: ANTHROPIC_BASE_URL %q: %w", s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("anthropic: ANTHROPIC_BASE_URL %q is not an http(s) URL", s)
	}
	return nil
}

// limit resolves a configured timeout: 0 is the default, negative is none.
func limit(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return 0
	}
	return d
}
