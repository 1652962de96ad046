package compact

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"corvid/internal/model"
	"corvid/internal/provider"
)

// Request describes one full compaction.
type Request struct {
	// Messages is the history to compact; it must be valid (see Validate).
	Messages []provider.Message
	// Focus is the text after "/compact", steering the summary; "" for none.
	Focus string
	// KeepTokens is the budget of the tail kept word for word, in
	// estimated tokens: 0 means DefaultKeepTokens, < 0 keeps no tail. The
	// tail never exceeds half of the history.
	KeepTokens int
	// Reinject is what must survive; it is added after the summary.
	Reinject Reinject
	// Model is the model that writes the summary.
	Model model.Info
	// MaxSummaryTokens is the summary's output budget: 0 means
	// DefaultMaxSummaryTokens; it is capped at the model's MaxOutput.
	MaxSummaryTokens int
	// Extra are more instructions for the summariser (from a PreCompact
	// hook, for example).
	Extra []string
	// Resume, when no tail is kept, ends the summary message by telling
	// the model to carry on by itself (automatic compaction in the middle
	// of a task). Leave it false when a user prompt will follow.
	Resume bool
}

// Result is a finished compaction.
type Result struct {
	// Messages is the new history: one user message with the summary and
	// the re-injected context, then the tail. It may end with a user
	// message, which a caller appending a prompt must merge into.
	Messages []provider.Message
	// Summary is the summary text, without analysis or tags.
	Summary string
	// Tail is how many of the original messages were kept word for word
	// (the first of them merged into the summary message).
	Tail int
	// Usage is that of the summarisation requests.
	Usage provider.Usage
	// PreTokens is the estimated size of the original history.
	PreTokens int
}

// Compaction defaults.
const (
	DefaultKeepTokens       = 20_000
	DefaultMaxSummaryTokens = 16_000
	// maxTrims is how often the oldest part of the history is dropped
	// after "prompt is too long" before giving up.
	maxTrims = 3
)

// ErrEmptySummary is returned when the model's answer held no summary.
var ErrEmptySummary = errors.New("compact: the model returned an empty summary")

// Compactor summarises histories with a model.
type Compactor struct {
	Provider provider.Provider
	Retry    provider.RetryPolicy
	// System is the summariser's system prompt; nil uses corvid's own.
	System []provider.Block
	// Headers are extra HTTP headers for the summarisation request.
	Headers map[string]string
	// OnRetry, when set, is told about every retry of the request.
	OnRetry func(*provider.RetryInfo)
}

// Compact summarises the older part of r.Messages and returns the new
// history. On any error the caller should keep the old history.
func (c *Compactor) Compact(ctx context.Context, r Request) (Result, error) {
	if err := c.check(r); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("compact: %w", err)
	}
	pre := Estimate(r.Messages)
	head, tail := SplitTail(r.Messages, keepBudget(r.KeepTokens, pre))
	summary, usage, err := c.summarise(ctx, r, head, len(tail) > 0)
	if err != nil {
		return Result{Usage: usage}, err
	}
	msgs := rebuild(summary, r.Reinject, tail, r.Resume)
	if err := Validate(msgs); err != nil {
		return Result{Usage: usage}, fmt.Errorf("compact: the compacted history would be invalid: %w", err)
	}
	return Result{Messages: msgs, Summary: summary, Tail: len(tail), Usage: usage, PreTokens: pre}, nil
}

func (c *Compactor) check(r Request) error {
	switch {
	case c.Provider == nil:
		return errors.New("compact: no provider")
	case r.Model.ID == "":
		return errors.New("compact: no model")
	case len(r.Messages) == 0:
		return errors.New("compact: nothing to compact")
	}
	return nil
}

func keepBudget(keep, total int) int {
	switch {
	case keep == 0:
		keep = DefaultKeepTokens
	case keep < 0:
		return 0
	}
	return min(keep, total/2)
}

// summarise asks the model for a summary of head, dropping the oldest
// part of head after "prompt is too long" answers.
func (c *Compactor) summarise(ctx context.Context, r Request, head []provider.Message, hasTail bool) (string, provider.Usage, error) {
	var total provider.Usage
	flat := flatten(head)
	if len(flat) == 0 {
		return "", total, errors.New("compact: the history holds nothing to summarise")
	}
	if flat[0].Role != provider.RoleUser {
		flat = append([]provider.Message{userText(trimmedNote)}, flat...)
	}
	instr := instructionText(r.Focus, r.Extra, hasTail)
	for trims := 0; ; trims++ {
		text, u, err := c.stream(ctx, c.request(r, withInstruction(flat, instr)))
		total = total.Add(u)
		if err == nil {
			s := extractSummary(text)
			if s == "" {
				return "", total, ErrEmptySummary
			}
			return s, total, nil
		}
		if ctx.Err() != nil {
			return "", total, fmt.Errorf("compact: %w", ctx.Err())
		}
		if !tooLong(err) {
			return "", total, fmt.Errorf("compact: summarising the conversation: %w", err)
		}
		if trims < maxTrims {
			if shorter, ok := dropOldest(flat); ok {
				flat = shorter
				continue
			}
		}
		return "", total, fmt.Errorf("compact: the conversation is too long to summarise, "+
			"even after dropping its oldest part %d times: %w", trims, err)
	}
}

func (c *Compactor) request(r Request, msgs []provider.Message) *provider.Request {
	out := r.Model.MaxOutput
	if out <= 0 {
		out = model.UnknownMaxOutput
	}
	budget := r.MaxSummaryTokens
	if budget <= 0 {
		budget = DefaultMaxSummaryTokens
	}
	system := c.System
	if system == nil {
		system = []provider.Block{provider.TextBlock(defaultSystem)}
	}
	return &provider.Request{Model: r.Model.ID, MaxTokens: min(budget, out), System: system,
		Messages: msgs, Headers: maps.Clone(c.Headers), LongContext: r.Model.LongContext}
}
