package app

import (
	"context"
	"time"

	"corvid/internal/cost"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/tools/webfetch"
)

// summaryMaxTokens bounds the small model's answer about a page.
const summaryMaxTokens = 4096

// summarizer answers WebFetch prompts over page content with the small,
// fast model, and books its usage on the conversation's tracker.
type summarizer struct {
	provider provider.Provider
	model    model.Info
	retry    provider.RetryPolicy
	costs    *cost.Tracker
}

var _ webfetch.Summarizer = summarizer{}

func (s summarizer) Summarize(ctx context.Context, prompt, content string) (string, error) {
	req := &provider.Request{Model: s.model.ID, MaxTokens: summaryMaxTokens,
		Messages: []provider.Message{{Role: provider.RoleUser,
			Content: []provider.Block{provider.TextBlock(webfetch.SummaryInstructions(prompt, content))}}}}
	start := time.Now()
	defer func() { s.costs.AddAPIDuration(time.Since(start), time.Since(start)) }()
	out, err := provider.Complete(ctx, s.provider, req, s.retry, nil)
	if err != nil {
		return "", err
	}
	s.costs.Add(s.model.ID, out.Usage)
	return out.Text, nil
}
