package sdk

import (
	"encoding/json"
	"strconv"

	"corvid/internal/cost"
	"corvid/internal/event"
	"corvid/internal/provider"
)

func (f *framer) result(ev event.Result) ResultFrame {
	if ev.SessionID != "" {
		f.sessionID = ev.SessionID
	}
	r := ResultFrame{
		Type: TypeResult, Subtype: ev.Subtype, IsError: ev.IsError,
		DurationMS: ev.Duration.Milliseconds(), DurationAPIMS: ev.DurationAPI.Milliseconds(),
		NumTurns: ev.NumTurns, SessionID: f.sessionID, TotalCostUSD: ev.TotalCostUSD,
		Usage: resultUsage(ev.Usage), ModelUsage: ev.ModelUsage,
		PermissionDenials: denials(ev.Denials), UUID: f.newUUID(),
	}
	r.TerminalReason, r.CorvidTerminalReason = terminalReasons(ev.TerminalReason)
	if r.Subtype == "" {
		r.Subtype = event.SubtypeSuccess
	}
	if ev.StopReason != "" {
		r.StopReason = &ev.StopReason
	}
	if r.ModelUsage == nil {
		r.ModelUsage = map[string]cost.ModelUsage{}
	}
	if r.Subtype == event.SubtypeSuccess {
		r.Result = &ev.Text
		r.APIErrorStatus = json.RawMessage("null")
		if ev.APIErrorStatus != 0 {
			r.APIErrorStatus = json.RawMessage(strconv.Itoa(ev.APIErrorStatus))
		}
		r.StructuredOutput = ev.StructuredOutput
	} else {
		r.Errors = nonNil(ev.Errors)
	}
	return r
}

// denials copies d, never nil, with a missing tool input written as {}.
func denials(d []event.Denial) []event.Denial {
	out := make([]event.Denial, len(d))
	for i, x := range d {
		if len(x.ToolInput) == 0 {
			x.ToolInput = json.RawMessage("{}")
		}
		out[i] = x
	}
	return out
}

// cacheCreation splits cache writes by TTL; writes the API did not split
// count as 5-minute writes.
func cacheCreation(u provider.Usage) CacheCreation {
	c := CacheCreation{Ephemeral5mInputTokens: u.CacheCreation5m, Ephemeral1hInputTokens: u.CacheCreation1h}
	if c.Ephemeral5mInputTokens == 0 && c.Ephemeral1hInputTokens == 0 {
		c.Ephemeral5mInputTokens = u.CacheCreationInputTokens
	}
	return c
}

func messageUsage(u provider.Usage) MessageUsage {
	return MessageUsage{
		InputTokens:              u.InputTokens,
		CacheCreationInputTokens: u.CacheCreationInputTokens,
		CacheReadInputTokens:     u.CacheReadInputTokens,
		CacheCreation:            cacheCreation(u),
		OutputTokens:             u.OutputTokens,
		ServiceTier:              serviceTier,
	}
}

func resultUsage(u provider.Usage) ResultUsage {
	return ResultUsage{
		InputTokens:              u.InputTokens,
		CacheCreationInputTokens: u.CacheCreationInputTokens,
		CacheReadInputTokens:     u.CacheReadInputTokens,
		OutputTokens:             u.OutputTokens,
		ServerToolUse: ServerToolUse{
			WebSearchRequests: u.WebSearchRequests,
			WebFetchRequests:  u.WebFetchRequests,
		},
		ServiceTier:   serviceTier,
		CacheCreation: cacheCreation(u),
	}
}
