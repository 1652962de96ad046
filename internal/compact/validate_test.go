package compact

import (
	"strings"
	"testing"

	"corvid/internal/provider"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		msgs []provider.Message
		err  string // "" for valid
	}{
		{"prompt only", []provider.Message{user(text("hi"))}, ""},
		{"tool round trip", []provider.Message{user(text("hi")),
			assistant(call("a", "Read", `{}`), call("b", "Grep", `{}`)),
			user(result("b", "x"), result("a", "y"), text("note")), assistant(text("ok"))}, ""},
		{"empty", nil, "empty history"},
		{"starts with assistant", []provider.Message{assistant(text("hi"))}, "starts with an assistant"},
		{"two users", []provider.Message{user(text("a")), user(text("b"))}, "both user"},
		{"bad role", []provider.Message{user(text("a")), {Role: "system", Content: []provider.Block{text("x")}}},
			`role "system"`},
		{"empty message", []provider.Message{user()}, "is empty"},
		{"unanswered call at the end", []provider.Message{user(text("a")), assistant(call("a", "Read", `{}`))},
			"has no tool_result"},
		{"unanswered call", []provider.Message{user(text("a")),
			assistant(call("a", "Read", `{}`), call("b", "Read", `{}`)), user(result("a", "x"))}, "b in message 1 has no"},
		{"answered twice", []provider.Message{user(text("a")), assistant(call("a", "Read", `{}`)),
			user(result("a", "x"), result("a", "y"))}, "answered twice"},
		{"answer to nothing", []provider.Message{user(text("a")), assistant(text("b")), user(result("z", "x"))},
			"answers no call"},
		{"result in first message", []provider.Message{user(result("z", "x"))}, "first message"},
		{"tool_use from user", []provider.Message{user(call("a", "Read", `{}`))}, "holds a tool_use"},
		{"tool_result from assistant", []provider.Message{user(text("a")), assistant(result("a", "x"))},
			"holds a tool_result"},
		{"reused id", []provider.Message{user(text("a")), assistant(call("a", "Read", `{}`)), user(result("a", "x")),
			assistant(call("a", "Read", `{}`)), user(result("a", "x"))}, "used twice"},
		{"call without id", []provider.Message{user(text("a")), assistant(call("", "Read", `{}`)), user(text("x"))},
			"without an id"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.msgs)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("Validate: %v", err)
			case tc.err != "" && err == nil:
				t.Fatalf("Validate accepted an invalid history; want %q", tc.err)
			case tc.err != "" && !strings.Contains(err.Error(), tc.err):
				t.Fatalf("Validate: %v; want it to mention %q", err, tc.err)
			}
		})
	}
}
