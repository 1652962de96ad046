package host

import "testing"

// --replay-user-messages: each user message comes back once, after its
// turn's init and before its result, with the host's uuid, the message
// as sent, the session id and isReplay:true (the shape Claude Code 2.1.332
// writes); a shouldQuery:false message is replayed with the turn it joins;
// a message without a uuid gets one.
func TestReplayUserMessages(t *testing.T) {
	s := start(t, false, Options{ReplayUserMessages: true})
	s.send(`{"type":"user","message":{"role":"user","content":"aside"},"parent_tool_use_id":null,"uuid":"u-aside","shouldQuery":false}`)
	s.send(user("one"))
	s.expect("result", "")
	s.send(`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"two"}]},"parent_tool_use_id":null}`)
	s.expect("result", "")
	s.finish()
	var order []string
	var replays []map[string]any
	for _, m := range s.skipped {
		switch {
		case m["type"] == "system" && m["subtype"] == "init":
			order = append(order, "init")
		case m["type"] == "user":
			order = append(order, "user")
			replays = append(replays, m)
		}
	}
	want := []string{"init", "user", "user", "init", "user"}
	if len(order) != len(want) {
		t.Fatalf("frames before the results = %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("frames before the results = %v, want %v", order, want)
		}
	}
	for _, m := range replays {
		if m["isReplay"] != true || m["session_id"] != "s1" || m["uuid"] == "" || m["timestamp"] == "" ||
			m["parent_tool_use_id"] != nil {
			t.Errorf("replay frame = %v", m)
		}
	}
	if replays[0]["uuid"] != "u-aside" || !contains(replays[0], `"message":{"content":"aside","role":"user"}`) {
		t.Errorf("carried message replay = %v", replays[0])
	}
	if replays[1]["uuid"] != "u-one" || !contains(replays[1], `"content":"one"`) {
		t.Errorf("first message replay = %v", replays[1])
	}
	if u, _ := replays[2]["uuid"].(string); len(u) != 36 || !contains(replays[2], `"content":[{"text":"two","type":"text"}]`) {
		t.Errorf("second message replay (no uuid sent) = %v", replays[2])
	}
}

// Without the option nothing is echoed.
func TestNoReplayByDefault(t *testing.T) {
	s := start(t, false, Options{})
	s.send(user("one"))
	s.expect("result", "")
	rest := append(s.skipped, s.finish()...)
	if n := count(rest, "user"); n != 0 {
		t.Errorf("%d user frames without --replay-user-messages: %v", n, rest)
	}
}
