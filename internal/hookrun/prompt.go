package hookrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/hook"
)

// promptReply is what a prompt handler's model answers.
type promptReply struct {
	OK     *bool  `json:"ok"`
	Reason string `json:"reason"`
}

// promptInstructions tell the small model how to answer.
const promptInstructions = "\n\nAnswer with only a JSON object: {\"ok\": true} to let this go on, or " +
	"{\"ok\": false, \"reason\": \"why\"} to stop it."

// runPrompt asks the small model the handler's prompt, the hook input in
// place of $ARGUMENTS (appended when absent). ok:false blocks: a deny on
// PreToolUse, a block (the reason as the next instruction) elsewhere.
func (r *Runner) runPrompt(ctx context.Context, h hook.Handler, in hookInput, input []byte) Outcome {
	out := Outcome{ExitCode: -1, Outcome: OutcomeSuccess}
	fail := func(err error, msg string) Outcome {
		out.Outcome, out.Err, out.Message = OutcomeError, err, h.Label()+" "+msg
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			out.Outcome, out.Err = OutcomeCancelled, ErrTimeout
		}
		return out
	}
	if r.opts.Complete == nil {
		return fail(ErrStart, "cannot run: no model is available for prompt hooks")
	}
	prompt := h.Prompt
	if strings.Contains(prompt, "$ARGUMENTS") {
		prompt = strings.ReplaceAll(prompt, "$ARGUMENTS", string(input))
	} else {
		prompt += "\n\n" + string(input)
	}
	text, err := r.opts.Complete(ctx, h.Model, prompt+promptInstructions)
	out.Stdout = text
	if err != nil {
		return fail(fmt.Errorf("%w: %v", ErrStart, err), fmt.Sprintf("failed: %v", err))
	}
	var rep promptReply
	js := text
	if i, j := strings.Index(text, "{"), strings.LastIndex(text, "}"); i >= 0 && j > i {
		js = text[i : j+1]
	}
	if json.Unmarshal([]byte(js), &rep) != nil || rep.OK == nil {
		return fail(fmt.Errorf("%w: not {\"ok\": …}", ErrOutput), "answered without a JSON {\"ok\": …} decision; ignored")
	}
	if *rep.OK {
		return out
	}
	reason := rep.Reason
	if reason == "" {
		reason = "blocked by " + h.Label()
	}
	if in.Event == "PreToolUse" {
		out.Output = specific(in.Event, map[string]any{"permissionDecision": "deny", "permissionDecisionReason": reason})
	} else {
		out.Output = mustJSON(map[string]any{"decision": "block", "reason": reason})
	}
	return out
}
