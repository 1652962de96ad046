package mcpserve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"corvid/internal/jsonrpc"
)

// The JSON-RPC and MCP plumbing: version negotiation, ping, unknown
// methods, malformed messages, notifications that need no answer.
func TestProtocol(t *testing.T) {
	c := serve(t, t.TempDir())
	for asked, want := range map[string]string{"2025-06-18": "2025-06-18", "2024-11-05": "2024-11-05",
		"2025-11-25": "2025-11-25", "1999-01-01": protocolVersions[0], "": protocolVersions[0]} {
		var init struct {
			ProtocolVersion string
			Capabilities    map[string]json.RawMessage
			ServerInfo      struct{ Name, Version string }
		}
		m := c.call("initialize", map[string]any{"protocolVersion": asked, "capabilities": map[string]any{}})
		if err := json.Unmarshal(m.Result, &init); err != nil || m.Error != nil {
			t.Fatalf("initialize: %s %v %v", m.Result, m.Error, err)
		}
		if init.ProtocolVersion != want || init.ServerInfo.Name != "corvid" || init.ServerInfo.Version != "test" ||
			init.Capabilities["tools"] == nil {
			t.Errorf("asked %q: %+v, want version %s", asked, init, want)
		}
	}
	if m := c.call("ping", nil); m.Error != nil || string(m.Result) != "{}" {
		t.Errorf("ping: %s %v", m.Result, m.Error)
	}
	// Notifications are not answered: the next thing out is the ping's answer.
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/whatever","params":{"x":1}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}`)
	if m := c.call("ping", nil); m.Error != nil {
		t.Errorf("ping after notifications: %v", m.Error)
	}
	for _, tt := range []struct {
		line string
		id   string
		code int
	}{
		{`{"jsonrpc":"2.0","id":"a","method":"resources/list"}`, `"a"`, jsonrpc.CodeMethodNotFound},
		{`{"jsonrpc":"2.0","id":7,"method":"no/such"}`, `7`, jsonrpc.CodeMethodNotFound},
		{`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"Nope"}}`, `8`, jsonrpc.CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":"x"}`, `9`, jsonrpc.CodeInvalidParams},
		{`{"jsonrpc":"2.0","id":10,"method":"initialize","params":[1]}`, `10`, jsonrpc.CodeInvalidParams},
		{`{this is not json`, `null`, jsonrpc.CodeParseError},
		{`{"jsonrpc":"1.0","id":11,"method":"ping"}`, `11`, jsonrpc.CodeInvalidRequest},
		{`[{"jsonrpc":"2.0","id":12,"method":"ping"}]`, `null`, jsonrpc.CodeInvalidRequest},
		{`{"jsonrpc":"2.0","id":13}`, `13`, -1}, // a response to nothing: ignored
	} {
		c.send(tt.line)
		if tt.code == -1 {
			continue
		}
		m := c.recv()
		if string(m.ID) != tt.id || m.Error == nil || m.Error.Code != tt.code {
			t.Errorf("%s: answer id %s error %+v, want id %s code %d", tt.line, m.ID, m.Error, tt.id, tt.code)
		}
	}
	// The server still works after all that.
	if m := c.call("ping", nil); m.Error != nil {
		t.Errorf("final ping: %v", m.Error)
	}
}

// notifications/cancelled stops a running Bash command (its process is
// gone), the cancelled call is not answered, and the server goes on. The
// cancellation may spell the id differently ("\u0073low" is "slow").
func TestCancelStopsBash(t *testing.T) {
	dir := t.TempDir()
	c := serve(t, dir)
	c.send(`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"Bash","arguments":{"command":"sleep 293.5"}}}`)
	pid := waitProcess(t, "293.5")
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"\u0073low","reason":"test"}}`)
	deadline := time.Now().Add(generous)
	for processAlive(pid) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if processAlive(pid) {
		t.Fatalf("sleep (pid %d) still runs after notifications/cancelled", pid)
	}
	if m := c.call("ping", nil); m.Error != nil { // the first answer is the ping's: the call got none
		t.Errorf("ping: %v", m.Error)
	}
}

// When the client's input ends, calls under way still answer before the
// server ends (`printf ... | corvid mcp serve` works).
func TestEOFWaitsForCalls(t *testing.T) {
	c := serve(t, t.TempDir())
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"Bash","arguments":{"command":"sleep 0.3 && echo done"}}}`)
	_ = c.in.Close()
	m := c.recv()
	if string(m.ID) != "1" || !strings.Contains(string(m.Result), "done") {
		t.Errorf("answer %s %s %v", m.ID, m.Result, m.Error)
	}
}

// waitProcess returns the pid of the process whose command line holds
// arg, waiting for it to start.
func waitProcess(t *testing.T, arg string) int {
	t.Helper()
	deadline := time.Now().Add(generous)
	for time.Now().Before(deadline) {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range procs {
			b, err := os.ReadFile(p)
			if err != nil || !strings.HasPrefix(string(b), "sleep\x00"+arg) {
				continue
			}
			var pid int
			if _, err := fmt.Sscan(filepath.Base(filepath.Dir(p)), &pid); err == nil {
				return pid
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no process with %q started", arg)
	return 0
}

func processAlive(pid int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// A zombie has exited; only its parent has not reaped it yet.
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}
