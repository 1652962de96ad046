package doctor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"corvid/internal/provider"
	"corvid/internal/provider/anthropic"
	"corvid/internal/version"
)

const defaultBaseURL = "https://api.anthropic.com"

// apiCheck sends one tiny request (one user word, max_tokens 1) to the
// configured base URL and model, once, under a short timeout, and reads
// the answer to its end. --offline skips it.
func apiCheck(ctx context.Context, o Options, c creds) Check {
	cfg := anthropic.ConfigFromEnv(o.Setup.Getenv)
	base := cfg.BaseURL
	if base == "" {
		base = defaultBaseURL
	}
	model := o.Setup.Model.ID
	where := fmt.Sprintf("%s, model %s", base, model)
	switch {
	case o.Offline:
		return Check{Name: "api", Status: StatusSkip, Detail: "not probed (--offline); would use " + where}
	case c.name == "":
		return Check{Name: "api", Status: StatusSkip, Detail: "not probed: no credentials; would use " + where}
	case o.Setup.ModelErr != nil:
		return Check{Name: "api", Status: StatusFail, Detail: "model: " + o.Setup.ModelErr.Error()}
	}
	cfg.Timeout, cfg.IdleTimeout = o.timeout(), o.timeout()
	cfg.UserAgent = "corvid/" + version.Corvid + " (doctor)"
	client, err := anthropic.New(cfg)
	if err != nil {
		return Check{Name: "api", Status: StatusFail, Detail: err.Error()}
	}
	start := time.Now()
	if err := probe(ctx, client, model); err != nil {
		return Check{Name: "api", Status: StatusFail, Detail: where + ": " + describe(err)}
	}
	return Check{Name: "api", Status: StatusOK,
		Detail: fmt.Sprintf("%s answered in %d ms", where, time.Since(start).Milliseconds())}
}

// probe streams one minimal request to its end.
func probe(ctx context.Context, p provider.Provider, model string) error {
	req := &provider.Request{Model: model, MaxTokens: 1, Messages: []provider.Message{
		{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("ping")}}}}
	for _, err := range p.Stream(ctx, req) {
		if err != nil {
			return err
		}
	}
	return nil
}

// describe words an API failure with the advice a run would give.
func describe(err error) string {
	var apiErr *provider.APIError
	if !errors.As(err, &apiErr) {
		return err.Error()
	}
	msg := apiErr.Error()
	switch {
	case apiErr.StatusCode == 401:
		msg += " · the API rejected the credentials: check the key and that it belongs to this base URL"
	case apiErr.StatusCode == 404 || apiErr.Type == provider.ErrTypeNotFound:
		msg += " · check the model name and the base URL"
	default:
		if advice := apiErr.Advice(); advice != "" {
			msg += " · " + advice
		}
	}
	return msg
}
