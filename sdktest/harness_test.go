package sdktest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

var (
	buildOnce sync.Once
	corvidBin string
	buildErr  error
)

// requireSDK skips without node or the installed SDK, except in CI.
func requireSDK(t *testing.T) {
	t.Helper()
	_, nodeErr := exec.LookPath("node")
	_, sdkErr := os.Stat("node_modules/@anthropic-ai/claude-agent-sdk/sdk.mjs")
	if nodeErr == nil && sdkErr == nil {
		return
	}
	msg := "the Agent SDK tests need node and `npm ci --omit=optional` in sdktest/"
	if os.Getenv("CI") == "true" || os.Getenv("CORVID_REQUIRE_SDK") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// corvid builds the binary once per test run.
func corvid(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "corvid-sdktest-")
		if err != nil {
			buildErr = err
			return
		}
		corvidBin = filepath.Join(dir, "corvid")
		out, err := exec.Command("go", "build", "-o", corvidBin, "corvid/cmd/corvid").CombinedOutput()
		if err != nil {
			buildErr = &buildError{out: string(out), err: err}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return corvidBin
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return "building corvid: " + e.err.Error() + "\n" + e.out }

// run is one script run against a fake API playing sc.
type run struct {
	srv     *providertest.Server
	work    string
	summary map[string]any
	stderr  string
}

// runScript runs script with the fake API and returns what it printed.
func runScript(t *testing.T, script string, sc providertest.Scenario, env ...string) *run {
	t.Helper()
	return runScriptIn(t, script, sc, t.TempDir(), env...)
}

// runScriptIn is runScript in a given work directory.
func runScriptIn(t *testing.T, script string, sc providertest.Scenario, work string, env ...string) *run {
	t.Helper()
	requireSDK(t)
	bin := corvid(t)
	srv := providertest.Start(t, sc)
	r := &run{srv: srv, work: work}
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script)
	cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"), "CORVID_BIN=" + bin, "WORK=" + work,
		"HOME=" + filepath.Join(work, ".home"), "CORVID_CONFIG_DIR=" + filepath.Join(work, ".corvid"),
		"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test-key", "IS_SANDBOX=1",
	}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r.stderr = stderr.String()
	if len(r.stderr) > 4000 { // the SDK's stack traces quote its minified source
		r.stderr = r.stderr[len(r.stderr)-4000:]
	}
	if err != nil {
		t.Fatalf("node %s: %v\nstdout:\n%s\nstderr (end):\n%s", script, err, stdout.String(), r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r.summary); err != nil {
		t.Fatalf("node %s printed %q: %v\nstderr:\n%s", script, stdout.String(), err, r.stderr)
	}
	return r
}

// get walks the summary: get("results", 0, "subtype").
func (r *run) get(t *testing.T, path ...any) any {
	t.Helper()
	var v any = r.summary
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("summary %v: no %q in %v", r.summary, k, v)
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("summary %v: no [%d] in %v", r.summary, k, v)
			}
			v = l[k]
		}
	}
	return v
}

// length is the length of the list at path.
func (r *run) length(t *testing.T, path ...any) int {
	t.Helper()
	l, _ := r.get(t, path...).([]any)
	return len(l)
}

// body is request i's body as text.
func (r *run) body(t *testing.T, i int) string {
	t.Helper()
	reqs := r.srv.Requests()
	if i >= len(reqs) {
		t.Fatalf("request %d: only %d arrived", i, len(reqs))
	}
	return string(reqs[i].Body)
}

func turns(ts ...providertest.Turn) providertest.Scenario { return providertest.Scenario{Turns: ts} }

func say(text string) providertest.Turn {
	return providertest.Turn{Blocks: []providertest.Block{providertest.Text(text)}}
}

func bash(id, command string) providertest.Turn {
	return providertest.Turn{Blocks: []providertest.Block{
		providertest.ToolUse(id, "Bash", map[string]any{"command": command, "description": "run"})}}
}

// checkTranscript checks that the session's transcript is whole JSON
// lines and answers the tool call.
func checkTranscript(t *testing.T, work, id, toolUseID string) {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(work, ".corvid", "projects", "*", id+".jsonl"))
	if len(paths) != 1 {
		t.Fatalf("transcript of %s: found %v", id, paths)
	}
	data, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	answered := false
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !json.Valid([]byte(line)) {
			t.Fatalf("transcript line %d is not JSON: %q", i+1, line)
		}
		answered = answered || strings.Contains(line, `"tool_use_id":"`+toolUseID+`"`)
	}
	if !answered {
		t.Errorf("the transcript has no result for %s:\n%s", toolUseID, data)
	}
}
