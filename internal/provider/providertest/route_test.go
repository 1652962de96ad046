package providertest

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/provider"
)

// bodyWithSystem is a streaming request with a system prompt.
func bodyWithSystem(system string, msgs ...provider.Message) []byte {
	data, err := json.Marshal(map[string]any{"model": "claude-test", "max_tokens": 1024, "stream": true,
		"system": []provider.Block{provider.TextBlock(system)}, "messages": msgs})
	if err != nil {
		panic(err)
	}
	return data
}

func answerText(t *testing.T, s *Server, raw []byte) string {
	t.Helper()
	recs, err := stream(t, s, raw)
	if err != nil {
		t.Fatal(err)
	}
	return assemble(t, recs).Message().Text()
}

// Each nested conversation gets its own script's turns in order, whatever
// order the conversations' requests interleave in, and the main script
// answers the rest.
func TestRoutesAnswerEachConversationFromItsOwnScript(t *testing.T) {
	s := Start(t, Scenario{
		Turns: []Turn{{Blocks: []Block{Text("main 1")}}, {Blocks: []Block{Text("main 2")}}},
		Routes: []Route{
			{Marker: "AGENT-A", Turns: []Turn{{Blocks: []Block{Text("a 1")}}, {Blocks: []Block{Text("a 2")}}}},
			{Marker: "AGENT-B", Turns: []Turn{{Blocks: []Block{Text("b 1")}}}},
		},
	})
	a1 := body(user(provider.TextBlock("task AGENT-A")))
	// The marker in a later message does not route: only the first user
	// message and the system prompt count.
	a2 := body(user(provider.TextBlock("task AGENT-A")), assistant(provider.TextBlock("x")),
		user(provider.TextBlock("go on")))
	mainLater := body(user(provider.TextBlock("hi")), assistant(provider.TextBlock("AGENT-B")),
		user(provider.TextBlock("AGENT-A")))
	b1 := bodyWithSystem("You are AGENT-B.", user(provider.TextBlock("do it")))
	for _, c := range []struct {
		raw  []byte
		want string
	}{{a1, "a 1"}, {hello, "main 1"}, {b1, "b 1"}, {a2, "a 2"}, {mainLater, "main 2"}} {
		if got := answerText(t, s, c.raw); got != c.want {
			t.Errorf("answer %q, want %q", got, c.want)
		}
	}
	var routes []string
	for _, r := range s.Requests() {
		routes = append(routes, r.Route)
	}
	if got := strings.Join(routes, ","); got != "AGENT-A,,AGENT-B,AGENT-A," {
		t.Errorf("recorded routes %q", got)
	}
	select {
	case <-s.Finished():
	case <-time.After(5 * time.Second):
		t.Fatal("server not finished after every script was played")
	}
}

// A route whose script is exhausted answers an error naming the route and
// records a violation, and does not borrow the main script's turns.
func TestRouteExhaustedDoesNotBorrow(t *testing.T) {
	s := New(Scenario{AllowUnused: true, Turns: []Turn{{Blocks: []Block{Text("main")}}},
		Routes: []Route{{Marker: "M1", Turns: []Turn{{Blocks: []Block{Text("r")}}}}}})
	defer s.Close()
	raw := body(user(provider.TextBlock("M1")))
	if got := answerText(t, s, raw); got != "r" {
		t.Fatalf("first answer %q", got)
	}
	resp := post(t, s, raw)
	if resp.StatusCode != 500 {
		t.Fatalf("status %d, want 500", resp.StatusCode)
	}
	vs := s.Violations()
	if len(vs) != 1 || vs[0].Kind != ViolationExhausted || !strings.Contains(vs[0].Detail, "route M1") {
		t.Fatalf("violations %+v", vs)
	}
	if s.Remaining() != 1 {
		t.Fatalf("remaining %d, want the main turn left", s.Remaining())
	}
}

// Parallel conversations with slow turns are served concurrently.
func TestRoutesServeInParallel(t *testing.T) {
	slow := func(text string) []Turn {
		return []Turn{{Blocks: []Block{Text(text)}, Stall: StallHeaders, StallFor: 300 * time.Millisecond}}
	}
	s := Start(t, Scenario{Routes: []Route{{Marker: "P1", Turns: slow("1")}, {Marker: "P2", Turns: slow("2")},
		{Marker: "P3", Turns: slow("3")}}})
	var wg sync.WaitGroup
	got := make([]string, 3)
	for i, m := range []string{"P1", "P2", "P3"} {
		wg.Go(func() { got[i] = answerText(t, s, body(user(provider.TextBlock(m)))) })
	}
	wg.Wait()
	if strings.Join(got, "") != "123" {
		t.Fatalf("answers %q", got)
	}
	// Every request arrived before the first one was answered.
	reqs := s.Requests()
	tl := s.Timeline()
	first := tl[0].Events[0].At
	for _, x := range tl {
		if x.Events[0].At.Before(first) {
			first = x.Events[0].At
		}
	}
	for _, r := range reqs {
		if !r.Received.Before(first) {
			t.Fatalf("request %d arrived after the first answer began: served one at a time", r.Index)
		}
	}
}

func TestRouteValidation(t *testing.T) {
	for _, sc := range []Scenario{
		{Routes: []Route{{Marker: ""}}},
		{Routes: []Route{{Marker: "x"}, {Marker: "x"}}},
		{Routes: []Route{{Marker: "x", Turns: []Turn{{Repeat: -1}}}}},
	} {
		if err := sc.Validate(); err == nil {
			t.Errorf("%+v: no error", sc)
		}
	}
	if _, err := Parse([]byte(`{"turns":[],"routes":[{"marker":"m","turns":[{"blocks":[{"type":"text","text":"x"}]}]}]}`)); err != nil {
		t.Fatal(err)
	}
}
