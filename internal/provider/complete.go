package provider

import (
	"context"
	"errors"
)

// ErrIncomplete is returned by Complete when the answer's stream ended
// before message_stop without a transport error.
var ErrIncomplete = errors.New("provider: the response ended early")

// Completion is one collected answer.
type Completion struct {
	Text       string // the answer's text blocks, joined
	StopReason string
	Usage      Usage
}

// Complete asks the model once and collects the text of its answer: req
// is streamed through StreamWithRetry with pol, onRetry (if not nil) hears
// of each retry, and an answer that did not finish is ErrIncomplete. The
// usage of what did arrive is returned with an error too.
func Complete(ctx context.Context, p Provider, req *Request, pol RetryPolicy, onRetry func(*RetryInfo)) (Completion, error) {
	asm := NewAssembler()
	for ev, err := range StreamWithRetry(ctx, p, req, pol) {
		if err != nil {
			return Completion{Usage: asm.Usage()}, err
		}
		if ev.Type == EventRetry {
			if onRetry != nil && ev.Retry != nil {
				onRetry(ev.Retry)
			}
			continue
		}
		if _, _, err := asm.Add(ev); err != nil {
			// A tool_use block with a broken input does not spoil the text.
			var bad *InvalidInputError
			if !errors.As(err, &bad) {
				return Completion{Usage: asm.Usage()}, err
			}
		}
	}
	if !asm.Done() {
		return Completion{Usage: asm.Usage()}, ErrIncomplete
	}
	return Completion{Text: asm.Message().Text(), StopReason: asm.StopReason(), Usage: asm.Usage()}, nil
}
