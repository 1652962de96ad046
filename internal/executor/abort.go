package executor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"corvid/internal/tool"
)

type abortReason int

const (
	abortNone abortReason = iota
	abortSiblingError
	abortUserInterrupted
	abortStreamingFallback
	abortResponseCut
)

// abortReason says why t must not run or report its own result. A cut
// response only stops calls from starting: one already running reports
// its own result.
func (e *Executor) abortReason(t *tracked) abortReason {
	switch {
	case e.cut && t.status == statusQueued:
		return abortResponseCut
	case e.discarded:
		return abortStreamingFallback
	case e.hasErrored:
		return abortSiblingError
	case e.cfg.Hard != nil && e.cfg.Hard.Err() != nil:
		return abortUserInterrupted
	case e.turnCtx.Err() != nil:
		if errors.Is(context.Cause(e.turnCtx), ErrInterrupted) && t.behavior != tool.Cancel {
			return abortNone // a blocking call finishes despite the interrupt
		}
		return abortUserInterrupted
	}
	return abortNone
}

// Texts of the synthetic results, for the model.
const (
	interruptedText = "The user interrupted this tool call before it finished; anything it " +
		"started may be incomplete. Do not retry it: wait for the user's next instruction."
	discardedText = "<tool_use_error>Error: tool execution discarded because the response " +
		"was restarted (streaming fallback)</tool_use_error>"
	cutOffText = "<tool_use_error>Error: not run: the response was cut off by a stream error before " +
		"this call could start. Run it again if it is still needed.</tool_use_error>"
)

func (e *Executor) synthetic(r abortReason) *tool.Result {
	switch r {
	case abortUserInterrupted:
		return tool.ErrorText(interruptedText)
	case abortStreamingFallback:
		return tool.ErrorText(discardedText)
	case abortResponseCut:
		return tool.ErrorText(cutOffText)
	}
	msg := "Cancelled: parallel tool call errored"
	if e.erroredDesc != "" {
		msg = fmt.Sprintf("Cancelled: parallel tool call %s errored", e.erroredDesc)
	}
	return tool.UseError(msg)
}

// describe names a call for sibling-error messages: Name(summary), the
// summary being the command, path or pattern cut to 40 characters.
func describe(c Call) string {
	var in struct {
		Command  string `json:"command"`
		FilePath string `json:"file_path"`
		Pattern  string `json:"pattern"`
	}
	_ = json.Unmarshal(c.Input, &in)
	s := in.Command
	if s == "" {
		s = in.FilePath
	}
	if s == "" {
		s = in.Pattern
	}
	if s == "" {
		return c.Name
	}
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "…"
	}
	return c.Name + "(" + s + ")"
}

func safeBehavior(t tool.Tool) (b tool.InterruptBehavior) {
	defer func() {
		if recover() != nil {
			b = tool.Block
		}
	}()
	return t.InterruptBehavior()
}

// safeReadOnly reports whether a call of t with input in has no side
// effects; a tool that panics is assumed to have some.
func safeReadOnly(t tool.Tool, in json.RawMessage) (ro bool) {
	defer func() {
		if recover() != nil {
			ro = false
		}
	}()
	return t.IsReadOnly(in)
}

func safeConcurrency(t tool.Tool, in json.RawMessage) (safe bool) {
	defer func() {
		if recover() != nil {
			safe = false
		}
	}()
	return t.IsConcurrencySafe(in)
}
