package hook

import "slices"

// knownEvents are the hook events of Claude Code's contract (spec §4.2);
// a settings file naming another is told its hooks never run.
var knownEvents = []string{
	"PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
	"PermissionDenied", "UserPromptSubmit", "UserPromptExpansion", "Stop", "SubagentStop",
	"SubagentStart", "StopFailure", "SessionStart", "SessionEnd", "PreCompact", "PostCompact",
	"Notification", "Setup", "InstructionsLoaded", "ConfigChange", "CwdChanged", "DirectoryAdded",
	"FileChanged", "WorktreeCreate", "WorktreeRemove", "TaskCreated", "TaskCompleted", "TeammateIdle",
	"Elicitation", "ElicitationResult", "PreModelSwitch", "PostModelSwitch", "MessageDisplay",
}

// KnownEvent reports whether name is an event of the hook contract.
func KnownEvent(name string) bool { return slices.Contains(knownEvents, name) }
