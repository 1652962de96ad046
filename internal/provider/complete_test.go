package provider

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestComplete(t *testing.T) {
	noSleep := RetryPolicy{MaxRetries: 2, Sleep: func(context.Context, time.Duration) error { return nil }}
	t.Run("collects the text after a retry", func(t *testing.T) {
		f := &fakeProvider{script: []outcome{fail(status(529)), ok("the answer")}}
		var retries int
		out, err := Complete(t.Context(), f, &Request{}, noSleep, func(*RetryInfo) { retries++ })
		if err != nil || out.Text != "the answer" || out.StopReason != StopEndTurn || out.Usage.OutputTokens != 2 || retries != 1 {
			t.Errorf("Complete = %+v, %v; %d retries", out, err, retries)
		}
	})
	t.Run("an unfinished answer is ErrIncomplete", func(t *testing.T) {
		evs := fullStream("cut")
		f := &fakeProvider{script: []outcome{{events: evs[:len(evs)-2]}}}
		out, err := Complete(t.Context(), f, &Request{}, RetryPolicy{MaxRetries: -1}, nil)
		if !errors.Is(err, ErrIncomplete) || out.Text != "" || out.Usage.InputTokens != 3 {
			t.Errorf("Complete = %+v, %v", out, err)
		}
	})
	t.Run("a failure is returned", func(t *testing.T) {
		f := &fakeProvider{script: []outcome{fail(status(400))}}
		if _, err := Complete(t.Context(), f, &Request{}, RetryPolicy{MaxRetries: -1}, nil); err == nil {
			t.Error("no error")
		}
	})
}
