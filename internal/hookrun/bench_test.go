package hookrun

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"corvid/internal/executor"
	"corvid/internal/hook"
)

// BenchmarkToolCallHooks is what PreToolUse hooks add to one tool call:
// no hook, one no-op command hook (`exit 0` under the shell, process
// start, supervisor and cleanup included), and ten matching no-op hooks,
// which run in parallel.
func BenchmarkToolCallHooks(b *testing.B) {
	for _, n := range []int{0, 1, 10} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var hs []hook.Handler
			for i := range n {
				// Distinct commands: identical handlers would run once.
				hs = append(hs, hook.Handler{Type: hook.TypeCommand, Command: "exit 0 # " + strconv.Itoa(i),
					Event: hook.PreToolUse, Matcher: "Bash"})
			}
			events, byID := hook.Register(hs, "b")
			r := New(Options{Handlers: byID, Dir: b.TempDir(), Env: os.Environ()})
			defer r.Close()
			s := hook.New(r, events, nil)
			in := executor.HookInput{ToolName: "Bash", ToolUseID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`)}
			b.ResetTimer()
			for b.Loop() {
				s.PreToolUse(context.Background(), in)
			}
		})
	}
}
