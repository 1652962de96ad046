package host

import (
	"encoding/json"
	"testing"
	"time"

	"corvid/internal/permission"
)

// nextLine is the next output line, in order (nothing may have been
// skipped by expect before).
func (s *session) nextLine() map[string]any {
	s.t.Helper()
	select {
	case m, ok := <-s.lines:
		if !ok {
			s.t.Fatal("output ended")
		}
		return m
	case <-time.After(60 * time.Second):
		s.t.Fatal("no output line within 60s")
	}
	return nil
}

// label names a frame by type, subtype and state.
func label(m map[string]any) string {
	l, _ := m["type"].(string)
	if sub, ok := m["subtype"].(string); ok {
		l += "/" + sub
	}
	if st, ok := m["state"].(string); ok {
		l += ":" + st
	}
	return l
}

// system/session_state_changed as Claude Code 2.1.332 writes it under
// the SDK (CLAUDE_CODE_SDK_READS_SESSION_STATE): running before the
// turn's init, requires_action before can_use_tool, running once it is
// answered, idle after the result; sdk_host_only marks them for the SDK.
func TestSessionStates(t *testing.T) {
	for _, tc := range []struct {
		states   SessionStates
		hostOnly any
	}{{StatesForSDK, true}, {StatesAll, nil}} {
		s := start(t, true, Options{PromptTool: true, SessionStates: tc.states})
		s.send(user("x"))
		var got []string
		first := s.nextLine()
		got = append(got, label(first), label(s.nextLine()))
		<-waitConv(s).started
		errc := make(chan error, 1)
		go func() {
			ans, err := s.setup.Asker.Ask(t.Context(), permission.Question{ToolName: "Bash", ToolUseID: "toolu_1",
				Input: json.RawMessage(`{"command":"touch x"}`)})
			if err == nil && !ans.Allow {
				t.Errorf("answer = %+v, want allow", ans)
			}
			errc <- err
		}()
		got = append(got, label(s.nextLine()))
		req := s.nextLine()
		got = append(got, label(req))
		s.send(`{"type":"control_response","response":{"subtype":"success","request_id":"` + req["request_id"].(string) +
			`","response":{"behavior":"allow","updatedInput":{"command":"touch x"}}}}`)
		if err := <-errc; err != nil {
			t.Fatalf("Ask: %v", err)
		}
		got = append(got, label(s.nextLine()))
		s.conv.release <- struct{}{}
		got = append(got, label(s.nextLine()), label(s.nextLine()))
		want := []string{"system/session_state_changed:running", "system/init", "system/session_state_changed:requires_action",
			"control_request", "system/session_state_changed:running", "result/success", "system/session_state_changed:idle"}
		if len(got) != len(want) {
			t.Fatalf("frames = %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("frames = %v, want %v", got, want)
			}
		}
		if first["session_id"] != "s1" || first["uuid"] == "" || first["sdk_host_only"] != tc.hostOnly {
			t.Errorf("state frame = %v", first)
		}
		s.finish()
	}
}

// Without the environment asking for them there are none.
func TestNoSessionStatesByDefault(t *testing.T) {
	s := start(t, false, Options{})
	s.send(user("one"))
	s.expect("result", "")
	for _, m := range append(s.skipped, s.finish()...) {
		if m["subtype"] == "session_state_changed" {
			t.Errorf("state frame without the option: %v", m)
		}
	}
}
