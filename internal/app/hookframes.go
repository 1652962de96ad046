package app

import (
	"corvid/internal/event"
	"corvid/internal/hookrun"
)

// publishHookStarted publishes system/hook_started (--include-hook-events).
func publishHookStarted(opts Options, r hookrun.Run, session string) {
	if opts.IncludeHookEvents && opts.Sink != nil {
		opts.Sink(event.HookStarted{ID: r.ID, Name: r.Name, Event: r.Event, SessionID: session})
	}
}

// publishHookResponse publishes system/hook_response, with Claude Code's
// fields: output is stdout and stderr as they arrived; a run that did not
// exit on its own has exit code 1 and no output.
func publishHookResponse(opts Options, r hookrun.Run, out hookrun.Outcome, session string) {
	if !opts.IncludeHookEvents || opts.Sink == nil {
		return
	}
	output, code := out.Combined, out.ExitCode
	if code < 0 {
		code, output = 1, ""
	}
	opts.Sink(event.HookResponse{ID: r.ID, Name: r.Name, Event: r.Event, SessionID: session, Output: output,
		Stdout: out.Stdout, Stderr: out.Stderr, ExitCode: code, Outcome: out.Outcome})
}
