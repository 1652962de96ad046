package hook

import "context"

// UserPromptSubmit runs the UserPromptSubmit hooks for a prompt. A block
// returns its reason (the prompt must not run); additional context goes
// to the model with the prompt.
func (s *Set) UserPromptSubmit(ctx context.Context, prompt string) (blocked bool, reason string) {
	outs := s.fire(ctx, UserPromptSubmit, "", "", map[string]any{"prompt": prompt})
	for _, o := range outs {
		s.addContext(UserPromptSubmit, "", o.Specific.AdditionalContext)
		if o.Decision == "block" || o.stops() {
			blocked = true
			if reason == "" {
				reason = o.reason()
			}
		}
	}
	return blocked, reason
}

// Stop runs the Stop hooks when the model ends its turn. A block returns
// the reason, which the model is given as its next instruction; "" lets
// the turn end. active tells the hooks the turn already went on because
// of a Stop hook.
func (s *Set) Stop(ctx context.Context, lastText string, active bool) string {
	outs := s.fire(ctx, Stop, "", "", map[string]any{"stop_hook_active": active,
		"last_assistant_message": lastText})
	for _, o := range outs {
		if o.stops() {
			return "" // continue:false ends the turn whatever else was answered
		}
	}
	for _, o := range outs {
		if o.Decision == "block" {
			if r := o.reason(); r != "" {
				return r
			}
			return "A Stop hook asked to continue."
		}
	}
	return ""
}
