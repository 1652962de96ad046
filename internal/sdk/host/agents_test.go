package host

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/event"
)

// agentsConv is a fake conversation that knows some agent types.
type agentsConv struct{ *fakeConv }

func (a agentsConv) Info() event.Init {
	in := a.fakeConv.Info()
	in.Agents = []string{"Explore", "general-purpose", "reviewer"}
	return in
}

// initialize's agents reach the conversation whole (prompt, tools), and
// the answer lists them with the conversation's other agent types.
func TestInitializeAgents(t *testing.T) {
	s := start(t, false, Options{})
	s.open = func(_ context.Context, su Setup) (Conversation, error) {
		s.conv = newFakeConv(su.Sink, false)
		return agentsConv{s.conv}, nil
	}
	s.send(request("i1", `{"subtype":"initialize","agents":{"reviewer":{"description":"Reviews","prompt":"Be strict.","tools":["Read"],"model":"haiku"}}}`))
	body := s.expect("control_response", "success")["response"].(map[string]any)["response"].(map[string]any)
	s.mu.Lock()
	got := s.setup.AgentsJSON
	s.mu.Unlock()
	var defs map[string]map[string]any
	if err := json.Unmarshal([]byte(got), &defs); err != nil || defs["reviewer"]["prompt"] != "Be strict." ||
		defs["reviewer"]["tools"].([]any)[0] != "Read" {
		t.Fatalf("setup agents %q (%v), want the definitions as sent", got, err)
	}
	agents := body["agents"].([]any)
	names := map[string]bool{}
	for _, a := range agents {
		names[a.(map[string]any)["name"].(string)] = true
	}
	if len(agents) != 3 || !names["reviewer"] || !names["Explore"] || !names["general-purpose"] {
		t.Errorf("answer agents %v", agents)
	}
	if first := agents[0].(map[string]any); first["name"] != "reviewer" || first["description"] != "Reviews" {
		t.Errorf("the host's agent first, with its description: %v", first)
	}
	s.finish()
}
