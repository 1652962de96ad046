package compact

import (
	"context"
	"errors"

	"corvid/internal/provider"
)

// stream sends req and returns the text of the answer.
func (c *Compactor) stream(ctx context.Context, req *provider.Request) (string, provider.Usage, error) {
	out, err := provider.Complete(ctx, c.Provider, req, c.Retry, c.OnRetry)
	switch {
	case errors.Is(err, provider.ErrIncomplete):
		return "", out.Usage, errors.New("compact: the summary response ended early")
	case err != nil:
		return "", out.Usage, err
	case out.StopReason == provider.StopRefusal:
		return "", out.Usage, errors.New("compact: the model declined to write the summary")
	}
	return out.Text, out.Usage, nil
}

// tooLong reports an error saying the request does not fit the model.
func tooLong(err error) bool {
	var ae *provider.APIError
	if !errors.As(err, &ae) {
		return false
	}
	return ae.PromptTooLong() || ae.StatusCode == 413 || ae.Type == provider.ErrTypeTooLarge
}

// dropOldest removes about the oldest fifth of msgs (by estimated size),
// cutting just before a user message, and marks the cut. ok is false when
// no such cut leaves anything.
func dropOldest(msgs []provider.Message) ([]provider.Message, bool) {
	target := Estimate(msgs) / 5
	dropped := 0
	for i := 1; i < len(msgs); i++ {
		dropped += MessageTokens(msgs[i-1])
		if dropped < target || msgs[i].Role != provider.RoleUser {
			continue
		}
		out := make([]provider.Message, len(msgs)-i)
		copy(out, msgs[i:])
		content := make([]provider.Block, 0, len(out[0].Content)+1)
		content = append(content, provider.TextBlock(trimmedNote))
		out[0].Content = append(content, out[0].Content...)
		return out, true
	}
	return nil, false
}
