package providertest

import (
	"fmt"
	"slices"
	"time"
)

// builtins are the named scenarios shared by fakeapi and Go benchmarks.
// Each call builds a fresh Scenario, so callers may modify what they get.
var builtins = map[string]func() Scenario{
	"hello":      helloScenario,
	"parallel8":  parallel8Scenario,
	"overlap":    overlapScenario,
	"thinking":   thinkingScenario,
	"overloaded": overloadedScenario,
}

// Builtin returns the built-in scenario called name.
func Builtin(name string) (Scenario, bool) {
	build, ok := builtins[name]
	if !ok {
		return Scenario{}, false
	}
	return build(), true
}

// BuiltinNames lists the built-in scenarios, sorted.
func BuiltinNames() []string {
	names := make([]string, 0, len(builtins))
	for name := range builtins {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// helloScenario: one text turn.
func helloScenario() Scenario {
	return Scenario{Name: "hello", Turns: []Turn{{Blocks: []Block{Text("Hello from the fake API.")}}}}
}

// parallel8Scenario: eight Bash `sleep 0.1` calls in one turn (read-only,
// so corvid runs them together), then a final answer.
func parallel8Scenario() Scenario {
	var calls []Block
	for i := 1; i <= 8; i++ {
		calls = append(calls, sleepCall(fmt.Sprintf("toolu_parallel8_%d", i), "0.1"))
	}
	return Scenario{Name: "parallel8", Turns: []Turn{
		{Blocks: calls},
		{Blocks: []Block{Text("All eight sleeps finished.")}},
	}}
}

// overlapScenario: three Bash `sleep 0.1` calls streamed slowly enough
// that a client can start the first while the others are still arriving.
func overlapScenario() Scenario {
	var calls []Block
	for i := 1; i <= 3; i++ {
		calls = append(calls, sleepCall(fmt.Sprintf("toolu_overlap_%d", i), "0.1"))
	}
	return Scenario{Name: "overlap", Turns: []Turn{
		{Blocks: calls, ChunkDelay: 20 * time.Millisecond},
		{Blocks: []Block{Text("All three sleeps finished.")}},
	}}
}

// thinkingScenario: a thinking block followed by text.
func thinkingScenario() Scenario {
	return Scenario{Name: "thinking", Turns: []Turn{{Blocks: []Block{
		Thinking("The user wants a greeting. A short one will do."),
		Text("Hello after some thought."),
	}}}}
}

// overloadedScenario: the API answers 529 overloaded_error to every request
// (up to 100 of them).
func overloadedScenario() Scenario {
	return Scenario{Name: "overloaded", AllowUnused: true, Turns: []Turn{
		{Status: 529, Repeat: 100},
	}}
}

// sleepCall is a call of corvid's (and Claude Code's) Bash tool that
// sleeps for seconds.
func sleepCall(id, seconds string) Block {
	return ToolUse(id, "Bash", map[string]string{"command": "sleep " + seconds, "description": "Sleep " + seconds + " s"})
}
