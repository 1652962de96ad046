package mcptest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	corvidBin string
	buildErr  error
)

// requireClient skips without node or the installed MCP SDK, except in
// CI, where it fails.
func requireClient(t *testing.T) {
	t.Helper()
	_, nodeErr := exec.LookPath("node")
	_, sdkErr := os.Stat("client/node_modules/@modelcontextprotocol/sdk/package.json")
	if nodeErr == nil && sdkErr == nil {
		return
	}
	msg := "the MCP serve tests need node and `npm ci` in mcptest/client/"
	if os.Getenv("CI") == "true" || os.Getenv("CORVID_REQUIRE_MCPSDK") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// corvid builds the binary once per test run.
func corvid(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "corvid-mcptest-")
		if err != nil {
			buildErr = err
			return
		}
		corvidBin = filepath.Join(dir, "corvid")
		if out, err := exec.Command("go", "build", "-o", corvidBin, "corvid/cmd/corvid").CombinedOutput(); err != nil {
			buildErr = errors.New("building corvid: " + err.Error() + "\n" + string(out))
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return corvidBin
}

type callResult struct {
	Content []struct{ Type, Text string }
	IsError bool
}

type summary struct {
	Server struct{ Name, Version string }
	PID    int
	Tools  []struct {
		Name, Type string
		ReadOnly   bool
	}
	Calls      []callResult
	Negotiated string
	Extras     *struct {
		Ping, PingAfterCancel, UnknownMethod json.RawMessage
		SleepStarted, SleepGone              bool
		Cancelled                            string
	}
}

type call struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

// drive runs the node client against `corvid mcp serve args...` in work.
func drive(t *testing.T, work string, args []string, calls ...call) summary {
	t.Helper()
	return driveEnv(t, work, args, nil, calls...)
}

// driveEnv is drive with more environment for the client (EXTRAS=1).
func driveEnv(t *testing.T, work string, args, env []string, calls ...call) summary {
	t.Helper()
	requireClient(t)
	bin := corvid(t)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	rawArgs, _ := json.Marshal(append([]string{}, args...))
	rawCalls, _ := json.Marshal(append([]call{}, calls...))
	cmd := exec.CommandContext(ctx, "node", "client/client.mjs")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "CORVID_BIN=" + bin, "WORK=" + work,
		"CORVID_ARGS=" + string(rawArgs), "CALLS=" + string(rawCalls),
		"HOME=" + filepath.Join(work, ".home"), "CORVID_CONFIG_DIR=" + filepath.Join(work, ".corvid")}
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node client: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var s summary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatalf("client printed %q: %v\nstderr:\n%s", stdout.String(), err, stderr.String())
	}
	if len(s.Calls) != len(calls) {
		t.Fatalf("%d results for %d calls", len(s.Calls), len(calls))
	}
	return s
}

func text(r callResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		b.WriteString(c.Text)
	}
	return b.String()
}

// gone reports whether the process pid has exited, waiting a little.
func gone(pid int) bool {
	for range 50 {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}
