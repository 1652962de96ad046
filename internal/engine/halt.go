package engine

import "corvid/internal/event"

// Halter is implemented by Hooks whose handlers can stop a turn with
// continue:false (*hook.Set): Halted returns and forgets the stopReason.
type Halter interface {
	Halted() (reason string, ok bool)
}

// halted reports whether a hook asked the turn to stop; the result ends
// the turn with the hook's reason, which the user is also shown.
func (e *Engine) halted() (event.Result, bool) {
	h, ok := e.hooks.(Halter)
	if !ok {
		return event.Result{}, false
	}
	reason, stop := h.Halted()
	if !stop {
		return event.Result{}, false
	}
	text := "Stopped by a hook"
	if reason != "" {
		text += ": " + reason
	}
	e.publish(event.Notice{Text: text})
	return event.Result{Subtype: event.SubtypeSuccess, Text: reason, TerminalReason: "hook_stopped"}, true
}

// forgetHalt drops a stop asked before this turn began (by a hook whose
// event already refused what it was about, such as UserPromptSubmit).
func (e *Engine) forgetHalt() {
	if h, ok := e.hooks.(Halter); ok {
		h.Halted()
	}
}
