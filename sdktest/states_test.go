package sdktest

import (
	"fmt"
	"testing"
)

// Through the real SDK: each streamed message is replayed after its
// turn's init (--replay-user-messages), and with
// CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS the caller sees running and idle
// around each turn, the SDK ending the run after the last idle.
func TestReplayAndStates(t *testing.T) {
	r := runScript(t, "states.mjs", turns(say("reply one"), say("reply two")), "CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1")
	if r.length(t, "replays") != 2 || r.get(t, "replays", 0, "content") != "first message" ||
		r.get(t, "replays", 1, "content") != "second message" || r.get(t, "replays", 0, "session") == "" {
		t.Errorf("replays = %v", r.get(t, "replays"))
	}
	if r.get(t, "initMode") != "default" || r.get(t, "initPid") == nil {
		t.Errorf("initializationResult: pid %v, current_permission_mode %v", r.get(t, "initPid"), r.get(t, "initMode"))
	}
	if got := fmt.Sprint(r.get(t, "states")); got != "[running idle running idle]" {
		t.Errorf("states = %s", got)
	}
	want := "[system/session_state_changed system/init user/replay assistant result/success system/session_state_changed " +
		"system/session_state_changed system/init user/replay assistant result/success system/session_state_changed]"
	if got := fmt.Sprint(r.get(t, "order")); got != want {
		t.Errorf("order = %s\nwant %s", got, want)
	}
}
