package sdk

// claudeTerminalReasons are the terminal_reason values Claude Code writes;
// hosts may switch on them, so the field holds no others.
var claudeTerminalReasons = map[string]bool{
	"completed": true, "max_turns": true, "budget_exhausted": true, "api_error": true,
	"prompt_too_long": true, "aborted_streaming": true, "aborted_tools": true,
	"stop_hook_prevented": true, "hook_stopped": true, "tool_deferred": true,
	"model_error": true, "malformed_tool_use_exhausted": true,
}

// terminalReasons splits a result's reason: one of Claude Code's values
// goes in terminal_reason; a reason of corvid's own (transcript_error,
// compact_failed), more precise than any of them, goes in
// corvid_terminal_reason instead, and terminal_reason is left out, as
// Claude Code leaves it out of execution errors.
func terminalReasons(reason string) (claude, corvid string) {
	if reason == "" || claudeTerminalReasons[reason] {
		return reason, ""
	}
	return "", reason
}
