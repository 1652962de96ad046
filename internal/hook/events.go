package hook

// The events beyond the tool and prompt ones (hook.go), with the field
// each matches on: PostToolUseFailure and PermissionRequest the tool
// name, SessionStart its source, SessionEnd its reason, PreCompact and
// PostCompact the trigger, Notification its type, SubagentStop the
// agent's type.
const (
	PostToolUseFailure = "PostToolUseFailure"
	SessionStart       = "SessionStart"
	SessionEnd         = "SessionEnd"
	PreCompact         = "PreCompact"
	PostCompact        = "PostCompact"
	Notification       = "Notification"
	PermissionRequest  = "PermissionRequest"
	SubagentStop       = "SubagentStop"
)

// Where a session starts from (SessionStart's source).
const (
	SourceStartup = "startup"
	SourceResume  = "resume"
	SourceClear   = "clear"
	SourceCompact = "compact"
)

// Why a session ends (SessionEnd's reason).
const (
	EndClear           = "clear"
	EndResume          = "resume"
	EndLogout          = "logout"
	EndPromptInputExit = "prompt_input_exit"
	EndOther           = "other"
)

// Notification types.
const (
	NotifyPermission = "permission_prompt"
	NotifyIdle       = "idle_prompt"
)

// blocks reports whether an output blocks what the event is about:
// decision "block" or continue:false.
func (o Output) blocks() bool { return o.Decision == "block" || o.stops() }

// firstReason is the reason of the first output that blocks, or
// fallback when none gave one; ok is false when none blocks.
func firstReason(outs []Output, fallback string) (reason string, ok bool) {
	for _, o := range outs {
		if !o.blocks() {
			continue
		}
		if r := o.reason(); r != "" {
			return r, true
		}
		return fallback, true
	}
	return "", false
}
