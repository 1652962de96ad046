package bash

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"corvid/internal/executor"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// threeReads are the acceptance commands: read-only, each about 1 s.
var threeReads = []string{"sleep 1", "sleep 1 && ls", "sleep 1; echo hi"}

// serial hides the tool's concurrency safety, to compare with.
type serial struct{ tool.Tool }

func (serial) IsConcurrencySafe(json.RawMessage) bool { return false }

// runThree runs the three commands as one model message's tool calls
// through the executor, which starts concurrency-safe calls together.
func runThree(b *testing.B, tl tool.Tool, env tool.Env) {
	reg, err := tool.NewRegistry(tl)
	if err != nil {
		b.Fatal(err)
	}
	e := executor.New(context.Background(), executor.Config{Tools: reg, Env: env})
	defer e.Wait()
	for i, c := range threeReads {
		input, _ := json.Marshal(map[string]string{"command": c})
		e.Add(executor.Call{ID: fmt.Sprint("toolu_", i), Name: "Bash", Input: input})
	}
	results := 0
	for u := range e.Remaining() {
		if u.Result != nil {
			results++
			if u.Result.IsError {
				b.Errorf("%s failed: %s", u.Call.Input, u.Result.TextOf())
			}
		}
	}
	if results != len(threeReads) {
		b.Fatalf("%d results, want %d", results, len(threeReads))
	}
}

// BenchmarkThreeReadOnlyCalls measures the wall time of the three calls:
// about 1 s, since the executor runs them concurrently.
func BenchmarkThreeReadOnlyCalls(b *testing.B) {
	tl := New(nil, Options{})
	for _, c := range threeReads {
		in, _ := json.Marshal(map[string]string{"command": c})
		if !tl.IsConcurrencySafe(in) {
			b.Fatalf("%q is not concurrency-safe", c)
		}
	}
	env := tooltest.Env(b.TempDir())
	for b.Loop() {
		runThree(b, tl, env)
	}
}

// BenchmarkThreeCallsSerial is the same with concurrency safety hidden:
// about 3 s.
func BenchmarkThreeCallsSerial(b *testing.B) {
	env := tooltest.Env(b.TempDir())
	tl := serial{New(nil, Options{})}
	for b.Loop() {
		runThree(b, tl, env)
	}
}
