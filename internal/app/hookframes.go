package app

import "corvid/internal/hookrun"

// publishHookStarted publishes system/hook_started (--include-hook-events).
func publishHookStarted(opts Options, r hookrun.Run) {}

// publishHookResponse publishes system/hook_response (--include-hook-events).
func publishHookResponse(opts Options, r hookrun.Run, out hookrun.Outcome) {}
