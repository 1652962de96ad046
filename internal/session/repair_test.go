package session

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/provider"
)

func interrupted(id string) provider.Block {
	return provider.ToolResultBlock(id, interruptedText, true)
}

func TestRepair(t *testing.T) {
	useA, useB := toolUse("A", "Bash", `{}`), toolUse("B", "Read", `{}`)
	cases := []struct {
		name  string
		in    []provider.Message
		want  []provider.Message
		fixes int
	}{
		{"valid history is untouched",
			[]provider.Message{user(text("q")), assistant(useA), user(result("A", "ok"), text("more")), assistant(text("done"))},
			[]provider.Message{user(text("q")), assistant(useA), user(result("A", "ok"), text("more")), assistant(text("done"))}, 0},
		{"tool_use without result at the end (kill -9)",
			[]provider.Message{user(text("q")), assistant(text("running"), useA, useB)},
			[]provider.Message{user(text("q")), assistant(text("running"), useA, useB), user(interrupted("A"), interrupted("B"))}, 2},
		{"missing result in the middle",
			[]provider.Message{user(text("q")), assistant(useA, useB), user(result("B", "b"), text("next")), assistant(text("x"))},
			[]provider.Message{user(text("q")), assistant(useA, useB), user(result("B", "b"), interrupted("A"), text("next")), assistant(text("x"))}, 1},
		{"result without tool_use is dropped",
			[]provider.Message{user(text("q")), assistant(text("no tools")), user(result("Z", "stray"), text("hi"))},
			[]provider.Message{user(text("q")), assistant(text("no tools")), user(text("hi"))}, 1},
		{"orphan-only message disappears and neighbours merge",
			[]provider.Message{user(text("q")), assistant(text("a")), user(result("Z", "stray")), assistant(text("b"))},
			[]provider.Message{user(text("q")), assistant(text("a"), text("b"))}, 3},
		{"duplicate results",
			[]provider.Message{user(text("q")), assistant(useA), user(result("A", "1"), result("A", "2"))},
			[]provider.Message{user(text("q")), assistant(useA), user(result("A", "1"))}, 1},
		{"results move before text",
			[]provider.Message{user(text("q")), assistant(useA), user(text("note"), result("A", "1"))},
			[]provider.Message{user(text("q")), assistant(useA), user(result("A", "1"), text("note"))}, 1},
		{"empty messages and empty text dropped, same roles merged",
			[]provider.Message{user(text("q")), user(), user(text(""), text("r")), assistant(text("a")), assistant(text("b"))},
			[]provider.Message{user(text("q"), text("r")), assistant(text("a"), text("b"))}, 4},
		{"starts with a user message",
			[]provider.Message{assistant(useA), user(result("A", "1"), text("q")), assistant(text("a"))},
			[]provider.Message{user(text("q")), assistant(text("a"))}, 2},
		{"empty history", nil, []provider.Message{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := clone(c.in)
			got, fixes := Repair(c.in)
			if d := diffMessages(c.want, got); d != "" || fixes != c.fixes {
				t.Errorf("fixes %d, want %d (-want +got):\n%s", fixes, c.fixes, d)
			}
			if d := cmp.Diff(before, c.in); d != "" {
				t.Errorf("input modified:\n%s", d)
			}
			if again, n := Repair(got); n != 0 || diffMessages(got, again) != "" {
				t.Errorf("repairing a repaired history made %d fixes", n)
			}
		})
	}
}

func clone(msgs []provider.Message) []provider.Message {
	var out []provider.Message
	for _, m := range msgs {
		out = append(out, provider.Message{Role: m.Role, Content: append([]provider.Block(nil), m.Content...)})
	}
	return out
}
