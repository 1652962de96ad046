package hookrun

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/hook"
)

// commandOutcome turns a process result into the run's outcome and the
// decision it gives, per Claude Code's exit-code contract.
func commandOutcome(in hookInput, h hook.Handler, res result) Outcome {
	out := Outcome{ExitCode: res.code, Stdout: res.stdout.String(), Stderr: res.stderr.String(),
		Combined: res.combined.String(), Outcome: OutcomeSuccess}
	label := h.Label()
	switch {
	case errors.Is(res.err, ErrTimeout):
		out.Outcome, out.Err = OutcomeCancelled, res.err
		out.Message = fmt.Sprintf("%s timed out after %s and was stopped", label, h.TimeoutOrDefault())
		return out
	case errors.Is(res.err, ErrCancelled):
		out.Outcome, out.Err = OutcomeCancelled, res.err
		return out
	case res.err != nil:
		out.Outcome, out.Err = OutcomeError, res.err
		out.Message = fmt.Sprintf("%s could not start: %v", label, res.err)
		return out
	case res.code == 2:
		return blocked(in, h, out)
	case res.code != 0:
		out.Outcome, out.Err = OutcomeError, fmt.Errorf("%w: %d", ErrExit, res.code)
		out.Message = fmt.Sprintf("%s failed with non-blocking status code %d: %s", label, res.code,
			firstLine(out.Stderr))
		if js, ok := jsonObject(out.Stdout); ok {
			out.Output = js // valid JSON on stdout still applies
		}
		return out
	}
	return succeeded(in, h, out, res.stdout.Truncated())
}

// succeeded reads the stdout of an exit 0: a JSON object decides; plain
// text is context for the events that take it.
func succeeded(in hookInput, h hook.Handler, out Outcome, truncated bool) Outcome {
	text := strings.TrimSpace(out.Stdout)
	if strings.HasPrefix(text, "{") {
		js, ok := jsonObject(text)
		if !ok {
			why := "invalid JSON"
			if truncated {
				why = fmt.Sprintf("more than %d MiB of output", MaxOutput>>20)
			}
			out.Outcome, out.Err = OutcomeError, fmt.Errorf("%w: %s", ErrOutput, why)
			out.Message = fmt.Sprintf("%s printed %s on stdout; its output was ignored", h.Label(), why)
			return out
		}
		out.Output = js
		return out
	}
	if truncated {
		out.Message = fmt.Sprintf("%s printed more than %d MiB; the rest was discarded", h.Label(), MaxOutput>>20)
	}
	if text != "" && plainContext(in.Event) {
		out.Output = specific(in.Event, map[string]any{"additionalContext": text})
	}
	return out
}

// blocked handles exit 2: a block where the event can block (the reason
// is stderr), else a message for the user.
func blocked(in hookInput, h hook.Handler, out Outcome) Outcome {
	reason := strings.TrimSpace(out.Stderr)
	jsonReason := blockingReason(out.Stdout)
	if jsonReason != "" {
		reason = jsonReason // a blocking decision printed with exit 2 gives the reason
	}
	if reason == "" {
		reason = fmt.Sprintf("blocked by %s", h.Label())
	}
	out.Outcome = OutcomeError // as Claude Code reports a blocking exit
	if !canBlock(in.Event) {
		out.Message = fmt.Sprintf("%s exited with status 2, but %s hooks cannot block; stderr: %s",
			h.Label(), in.Event, firstLine(out.Stderr))
		return out
	}
	switch in.Event {
	case "PreToolUse":
		if jsonReason == "" && strings.TrimSpace(out.Stderr) != "" {
			reason = out.Stderr // as Claude Code words it, final newline included
		}
		// The executor words it for the model as Claude Code does:
		// "PreToolUse:<tool> hook error: [<command>]: <stderr>".
		msg := fmt.Sprintf("[%s]: %s", h.Name(), reason)
		out.Output = specific(in.Event, map[string]any{"permissionDecision": "deny", "permissionDecisionReason": msg})
	default:
		out.Output = mustJSON(map[string]any{"decision": "block", "reason": reason})
	}
	return out
}

// specific is {"hookSpecificOutput": {"hookEventName": event, …fields}}.
func specific(event string, fields map[string]any) json.RawMessage {
	fields["hookEventName"] = event
	return mustJSON(map[string]any{"hookSpecificOutput": fields})
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// jsonObject reports whether text is one JSON object.
func jsonObject(text string) (json.RawMessage, bool) {
	b := bytes.TrimSpace([]byte(text))
	var m map[string]json.RawMessage
	if len(b) == 0 || b[0] != '{' || json.Unmarshal(b, &m) != nil {
		return nil, false
	}
	return b, true
}

// firstLine is the first non-empty line of s, shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if r := []rune(l); len(r) > 200 {
				l = string(r[:199]) + "…"
			}
			return l
		}
	}
	return "(no stderr)"
}

// blockingReason is the reason of a blocking decision printed on stdout
// ("decision":"block" or a PreToolUse deny), "" when there is none.
func blockingReason(stdout string) string {
	js, ok := jsonObject(stdout)
	if !ok {
		return ""
	}
	o, err := hook.Parse(js)
	if err != nil {
		return ""
	}
	switch {
	case o.Specific.PermissionDecision == "deny" && o.Specific.PermissionDecisionReason != "":
		return o.Specific.PermissionDecisionReason
	case o.Decision == "block" && o.Reason != "":
		return o.Reason
	}
	return ""
}
