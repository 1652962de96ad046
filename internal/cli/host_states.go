package cli

import (
	"strings"

	"corvid/internal/sdk/host"
)

// sessionStates chooses the host's system/session_state_changed frames
// from the environment, as Claude Code does: all of them with
// CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS, marked for the SDK with
// CLAUDE_CODE_SDK_READS_SESSION_STATE (the Agent SDK sets it).
func sessionStates(getenv func(string) string) host.SessionStates {
	switch {
	case truthy(getenv("CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS")):
		return host.StatesAll
	case truthy(getenv("CLAUDE_CODE_SDK_READS_SESSION_STATE")):
		return host.StatesForSDK
	}
	return host.StatesOff
}

// truthy reads an on/off environment variable.
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}
