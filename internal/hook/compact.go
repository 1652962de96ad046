package hook

import (
	"context"
	"errors"
	"fmt"
)

// ErrCompactBlocked is a compaction a PreCompact hook refused.
var ErrCompactBlocked = errors.New("blocked by a PreCompact hook")

// PreCompact runs the PreCompact hooks (matched on trigger: manual or
// auto) before a compaction. A hook that blocks refuses the compaction
// (an error wrapping ErrCompactBlocked with its reason); additional
// context is handed back as further instructions for the summary.
func (s *Set) PreCompact(ctx context.Context, trigger, instructions string) ([]string, error) {
	if !s.Has(PreCompact) {
		return nil, nil
	}
	outs := s.fire(ctx, PreCompact, trigger, "", map[string]any{"trigger": trigger,
		"custom_instructions": instructions})
	if reason, ok := firstReason(outs, "no reason given"); ok {
		return nil, fmt.Errorf("%w: %s", ErrCompactBlocked, capText(reason))
	}
	var extra []string
	for _, o := range outs {
		if t := o.Specific.AdditionalContext; t != "" {
			extra = append(extra, capText(t))
		}
	}
	return extra, nil
}

// PostCompact runs the PostCompact hooks after a compaction, with the
// summary it wrote.
func (s *Set) PostCompact(ctx context.Context, trigger, summary string) {
	if !s.Has(PostCompact) {
		return
	}
	s.fire(ctx, PostCompact, trigger, "", map[string]any{"trigger": trigger, "compact_summary": summary})
}

// capText cuts a hook's text to maxContext bytes.
func capText(t string) string {
	if len(t) > maxContext {
		return t[:maxContext] + "…"
	}
	return t
}
