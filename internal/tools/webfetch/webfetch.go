// Package webfetch is the WebFetch tool: it fetches an http(s) URL,
// reduces HTML to the page's main content as Markdown, and has a small,
// fast model (a Summarizer) answer the caller's prompt over it. Pages are
// cached for 15 minutes.
//
// http:// URLs are upgraded to https:// except for loopback hosts
// (127.0.0.0/8, ::1, localhost), so local development servers and tests
// work over plain http.
//
// Only the composition root imports it (and tests).
package webfetch

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"corvid/internal/tool"
	"corvid/internal/version"
)

// Name is the tool's name as the model, permission rules and hooks see it.
const Name = "WebFetch"

//go:embed prompt.md
var description string

var schema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "url": {"type": "string", "format": "uri", "description": "The absolute http or https URL to fetch."},
    "prompt": {"type": "string", "description": "What to find out or extract from the page."}
  },
  "required": ["url", "prompt"],
  "additionalProperties": false
}`)

// Options configures the tool. Zero fields take the defaults shown.
type Options struct {
	// Client performs the requests (default: a client on
	// http.DefaultTransport). Its redirect policy is replaced by WebFetch's.
	Client *http.Client
	// Summarizer answers the prompt; nil returns the content itself.
	Summarizer Summarizer
	// Now is the clock for the cache and durations (default time.Now).
	Now func() time.Time
	// MaxBytes caps the body read from the server (10 MB).
	MaxBytes int64
	// MaxContentChars caps the Markdown given to the prompt (100,000).
	MaxContentChars int
	// Timeout caps one fetch, redirects included (60 s).
	Timeout time.Duration
	// CacheTTL (15 min), CacheEntries (50) and CacheBytes (50 MB) bound
	// the page cache.
	CacheTTL     time.Duration
	CacheEntries int
	CacheBytes   int64
	// UserAgent is sent with every request.
	UserAgent string
}

func (o Options) withDefaults() Options {
	if o.Client == nil {
		o.Client = &http.Client{}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.UserAgent == "" {
		o.UserAgent = "Mozilla/5.0 (compatible; corvid/" + version.Corvid + "; WebFetch)"
	}
	o.MaxBytes = positive(o.MaxBytes, 10<<20)
	o.MaxContentChars = positive(o.MaxContentChars, 100_000)
	o.Timeout = positive(o.Timeout, 60*time.Second)
	o.CacheTTL = positive(o.CacheTTL, 15*time.Minute)
	o.CacheEntries = positive(o.CacheEntries, 50)
	o.CacheBytes = positive(o.CacheBytes, 50<<20)
	return o
}

// positive returns v, or def when v is not positive.
func positive[T ~int | ~int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Tool is the WebFetch tool.
type Tool struct {
	tool.Base
	opts    Options
	fetcher *fetcher
	cache   *cache
}

var _ tool.Tool = (*Tool)(nil)

// New returns the WebFetch tool. Construct it once per conversation: the
// cache lives in the tool.
func New(opts Options) tool.Tool {
	o := opts.withDefaults()
	return &Tool{opts: o, fetcher: newFetcher(o.Client, o.MaxBytes, o.UserAgent),
		cache: newCache(o.CacheTTL, o.CacheEntries, o.CacheBytes, o.Now)}
}

func (*Tool) Name() string                           { return Name }
func (*Tool) Description() string                    { return description }
func (*Tool) InputSchema() json.RawMessage           { return schema }
func (*Tool) IsReadOnly(json.RawMessage) bool        { return true }
func (*Tool) IsConcurrencySafe(json.RawMessage) bool { return true }
func (*Tool) InterruptBehavior() tool.InterruptBehavior {
	return tool.Cancel
}

// input is the tool's input object.
type input struct {
	URL    string `json:"url"`
	Prompt string `json:"prompt"`
}

// ValidateInput checks the URL and the prompt.
func (*Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := decodeInput(raw)
	return err
}

func decodeInput(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("WebFetch input could not be read: %w", err)
	}
	if strings.TrimSpace(in.Prompt) == "" {
		return in, errors.New("The prompt is empty: say what you want to learn from the page.")
	}
	_, err := parseURL(in.URL)
	return in, err
}
