package hook

import (
	"context"

	"corvid/internal/executor"
	"corvid/internal/tool"
)

var _ executor.FailureHooks = (*Set)(nil)

// PostToolUseFailure runs the PostToolUseFailure hooks of a call whose
// tool ran and returned an error. They are told the error text, whether
// a user interrupt caused it and how long the tool ran; their additional
// context and blocking reasons go to the model. The result is kept.
func (s *Set) PostToolUseFailure(ctx context.Context, in executor.HookInput, res *tool.Result) *tool.Result {
	if !s.Has(PostToolUseFailure) {
		return nil
	}
	errText := ""
	if res != nil {
		errText = res.TextOf()
	}
	outs := s.fire(ctx, PostToolUseFailure, in.ToolName, in.ToolUseID, map[string]any{
		"tool_name": in.ToolName, "tool_input": in.Input, "tool_use_id": in.ToolUseID,
		"error": errText, "is_interrupt": in.Interrupted, "duration_ms": in.Elapsed.Milliseconds()})
	for _, o := range outs {
		s.addContext(PostToolUseFailure, in.ToolName, o.Specific.AdditionalContext)
		if o.Decision == "block" {
			s.addContext(PostToolUseFailure, in.ToolName, o.reason())
		}
	}
	return nil
}
