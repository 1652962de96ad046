// Package tooltest helps test tools: it runs a call the way the engine
// does (schema validation, the tool's own validation, Call with progress
// collected) and compares result texts with golden files.
//
// Only tests import it.
package tooltest

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"corvid/internal/executor"
	"corvid/internal/permission"
	"corvid/internal/tool"
)

// update rewrites golden files: go test ./internal/tools/... -update
var update = flag.Bool("update", false, "rewrite golden files")

// Run is one finished call.
type Run struct {
	Result   *tool.Result
	Progress []tool.Progress
}

// Text is the result's text content.
func (r Run) Text() string { return r.Result.TextOf() }

// Call runs tl on input (any JSON-marshalable value, or a json.RawMessage)
// through the executor's pipeline with every call allowed, in env.
func Call(t testing.TB, ctx context.Context, tl tool.Tool, env tool.Env, input any) Run {
	t.Helper()
	raw, ok := input.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(input); err != nil {
			t.Fatalf("tooltest: marshal input: %v", err)
		}
	}
	var mu sync.Mutex
	var progress []tool.Progress
	call := tool.Call{ID: "toolu_test", Input: raw, Env: env, Progress: func(p tool.Progress) {
		mu.Lock()
		defer mu.Unlock()
		progress = append(progress, p)
	}}
	p := &executor.Pipeline{Permission: permission.AllowAll{}}
	out := p.Run(ctx, tl, call, nil)
	mu.Lock()
	defer mu.Unlock()
	return Run{Result: out.Result, Progress: progress}
}

// Env returns an Env rooted at dir (work dir, project dir, allowed dir),
// with a session directory inside it.
func Env(dir string) tool.Env {
	return tool.Env{WorkDir: dir, ProjectDir: dir, Dirs: []string{dir}, SessionID: "test-session",
		SessionDir: filepath.Join(dir, ".session")}
}

// Golden compares got with testdata/NAME.golden, rewriting it under
// -update. Occurrences of each replace key are replaced by its value first
// (temp directories → placeholders), so golden files are stable.
func Golden(t testing.TB, name, got string, replace map[string]string) {
	t.Helper()
	for from, to := range replace {
		if from != "" {
			got = strings.ReplaceAll(got, from, to)
		}
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run with -update to create it)", path, err)
	}
	if string(want) != got {
		t.Errorf("result differs from %s (run with -update to accept):\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
