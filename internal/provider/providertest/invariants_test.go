package providertest

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"corvid/internal/provider"
)

func kinds(vs []Violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Kind)
	}
	return out
}

func TestCheckConversation(t *testing.T) {
	text := provider.TextBlock
	tests := []struct {
		name string
		msgs []provider.Message
		want []string
	}{
		{"single user", []provider.Message{user(text("hi"))}, nil},
		{"tool round trip", []provider.Message{
			user(text("list")), assistant(text("ok"), toolUse("a"), toolUse("b")),
			user(result("b"), result("a"), text("note after results")), assistant(text("done")), user(text("thanks")),
		}, nil},
		{"prefill", []provider.Message{user(text("hi")), assistant(text("Sure,"))}, nil},
		{"empty final assistant", []provider.Message{user(text("hi")), assistant()}, nil},
		{"orphan tool_use", []provider.Message{user(text("x")), assistant(toolUse("a"), toolUse("b")), user(result("a"))},
			[]string{ViolationOrphanToolUse}},
		{"tool_use in last message", []provider.Message{user(text("x")), assistant(toolUse("a"))},
			[]string{ViolationOrphanToolUse}},
		{"orphan tool_result", []provider.Message{user(text("x")), assistant(text("y")), user(result("zz"))},
			[]string{ViolationOrphanResult}},
		{"result answers an older message", []provider.Message{
			user(text("x")), assistant(toolUse("a")), user(result("a")), assistant(text("y")), user(result("a")),
		}, []string{ViolationOrphanResult}},
		{"duplicate tool_use id", []provider.Message{
			user(text("x")), assistant(toolUse("a")), user(result("a")), assistant(toolUse("a")), user(result("a")),
		}, []string{ViolationToolUseID}},
		{"empty tool_use id", []provider.Message{user(text("x")), assistant(toolUse("")), user(result(""))},
			[]string{ViolationToolUseID}},
		{"answered twice", []provider.Message{user(text("x")), assistant(toolUse("a")), user(result("a"), result("a"))},
			[]string{ViolationDuplicateResult}},
		{"text before result", []provider.Message{user(text("x")), assistant(toolUse("a")), user(text("hm"), result("a"))},
			[]string{ViolationResultOrder}},
		{"input not an object", []provider.Message{user(text("x")),
			assistant(provider.Block{Type: provider.BlockToolUse, ID: "a", Name: "Bash", Input: json.RawMessage(`"ls"`)}),
			user(result("a"))}, []string{ViolationToolInput}},
		{"starts with assistant", []provider.Message{assistant(text("x")), user(text("y"))},
			[]string{ViolationRoleOrder, ViolationRoleOrder}},
		{"two users in a row", []provider.Message{user(text("x")), user(text("y"))}, []string{ViolationRoleOrder}},
		{"empty user content", []provider.Message{user()}, []string{ViolationEmptyContent}},
		{"no messages", nil, []string{ViolationRoleOrder}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := checkConversation(tc.msgs)
			if !reflect.DeepEqual(kinds(got), tc.want) {
				t.Errorf("violations %v, want kinds %v", got, tc.want)
			}
		})
	}
}

func TestViolationsRecordedAndServed(t *testing.T) {
	s := New(Scenario{Turns: []Turn{{Blocks: []Block{Text("a")}}, {Blocks: []Block{Text("b")}}}})
	defer s.Close()
	if _, err := stream(t, s, hello); err != nil {
		t.Fatal(err)
	}
	bad := body(user(provider.TextBlock("x")), assistant(toolUse("a")), user(provider.TextBlock("forgot the result")))
	recs, err := stream(t, s, bad)
	if err != nil || len(recs) == 0 {
		t.Fatalf("violating request not served: %v", err)
	}
	vs := s.Violations()
	if len(vs) != 1 || vs[0].Request != 1 || vs[0].Kind != ViolationOrphanToolUse {
		t.Fatalf("violations %v, want one orphan_tool_use on request 1", vs)
	}
}

func TestBadRequests(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		raw    string
		status int
	}{
		{"not streaming", http.MethodPost, "/v1/messages", `{"model":"m","max_tokens":1,"messages":[{"role":"user","content":"hi"}]}`, 400},
		{"not JSON", http.MethodPost, "/v1/messages", `{"model":`, 400},
		{"wrong path", http.MethodPost, "/v1/complete", `{}`, 404},
		{"wrong method", http.MethodGet, "/v1/messages", ``, 404},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Scenario{Turns: []Turn{{Blocks: []Block{Text("unused")}}}})
			defer s.Close()
			resp := do(t, tc.method, s.URL+tc.path, tc.raw)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			decodeError(t, resp)
			if vs := s.Violations(); len(vs) != 1 || vs[0].Kind != ViolationBadRequest {
				t.Errorf("violations %v, want one bad_request", vs)
			}
			if s.Remaining() != 1 {
				t.Errorf("a rejected request consumed a turn")
			}
		})
	}
}
