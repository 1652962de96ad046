package host

import (
	"os"
	"testing"
)

// initialize answers with corvid's pid, the conversation's live
// permission mode and the session state, as Claude Code 2.1.332 does
// (pid, current_permission_mode, session_state); a later initialize sees
// a mode changed since.
func TestInitializeLiveFields(t *testing.T) {
	s := start(t, false, Options{})
	s.send(request("i1", `{"subtype":"initialize"}`))
	body := s.expect("control_response", "success")["response"].(map[string]any)["response"].(map[string]any)
	if body["pid"] != float64(os.Getpid()) || body["current_permission_mode"] != "default" || body["session_state"] != "idle" {
		t.Errorf("initialize = %v", body)
	}
	s.send(request("p1", `{"subtype":"set_permission_mode","mode":"acceptEdits"}`))
	s.expect("control_response", "success")
	s.send(request("i2", `{"subtype":"initialize"}`))
	body = s.expect("control_response", "success")["response"].(map[string]any)["response"].(map[string]any)
	if body["current_permission_mode"] != "acceptEdits" {
		t.Errorf("second initialize = %v, want acceptEdits", body)
	}
	s.finish()
}
