package mcptest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The TypeScript MCP SDK client lists corvid's tools, reads a file,
// runs a Bash command a rule allows, and is refused one no rule allows
// (nobody to ask: denied, and nothing ran). The server exits when the
// client closes.
func TestMCPServeWithTypeScriptClient(t *testing.T) {
	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "hello.txt"), []byte("hello from a file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := drive(t, work, []string{"--allowedTools", "Bash(echo *)"},
		call{"Read", map[string]any{"file_path": filepath.Join(work, "hello.txt")}},
		call{"Bash", map[string]any{"command": "echo from-bash"}},
		call{"Bash", map[string]any{"command": "touch made-by-mcp"}},
		call{"Read", map[string]any{"file_path": "/etc/hostname"}},
	)
	if s.Server.Name != "corvid" {
		t.Errorf("server %+v", s.Server)
	}
	tools := map[string]bool{}
	for _, tl := range s.Tools {
		tools[tl.Name] = tl.ReadOnly
		if tl.Type != "object" {
			t.Errorf("tool %s: input schema type %q", tl.Name, tl.Type)
		}
	}
	for _, name := range []string{"Bash", "Read", "Edit", "Write", "Glob", "Grep", "WebFetch", "TodoWrite"} {
		if _, ok := tools[name]; !ok {
			t.Errorf("tools/list lacks %s: %v", name, tools)
		}
	}
	if !tools["Read"] || tools["Bash"] {
		t.Errorf("read-only hints: Read %v, Bash %v; want true, false", tools["Read"], tools["Bash"])
	}
	read, echo, touch, outside := s.Calls[0], s.Calls[1], s.Calls[2], s.Calls[3]
	if read.IsError || !strings.Contains(text(read), "hello from a file") {
		t.Errorf("Read: %+v", read)
	}
	if echo.IsError || strings.TrimSpace(text(echo)) != "from-bash" {
		t.Errorf("allowed Bash: %+v", echo)
	}
	if !touch.IsError || !strings.Contains(text(touch), "has not been granted") {
		t.Errorf("Bash without a rule: %+v, want a denial", touch)
	}
	if _, err := os.Stat(filepath.Join(work, "made-by-mcp")); !os.IsNotExist(err) {
		t.Errorf("the denied command ran: %v", err)
	}
	if !outside.IsError || !strings.Contains(text(outside), "has not been granted") {
		t.Errorf("Read outside the working directory: %+v, want a denial", outside)
	}
	if !gone(s.PID) {
		t.Errorf("corvid mcp serve (pid %d) still runs after the client closed", s.PID)
	}
}

// Settings rules and the mode allow what the flags do not: a user
// settings allow rule lets a command run and a deny rule stops another;
// acceptEdits lets Write run but not a command no rule allows.
func TestMCPServeSettingsAndMode(t *testing.T) {
	work := t.TempDir()
	cfg := filepath.Join(work, ".corvid")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	settings := `{"permissions":{"allow":["Bash(touch *)"],"deny":["Bash(rm *)"]}}`
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	s := drive(t, work, nil,
		call{"Bash", map[string]any{"command": "touch by-rule"}},
		call{"Bash", map[string]any{"command": "rm by-rule"}},
	)
	if s.Calls[0].IsError {
		t.Errorf("Bash allowed by a settings rule: %+v", s.Calls[0])
	}
	if !s.Calls[1].IsError {
		t.Errorf("Bash denied by a settings rule ran: %+v", s.Calls[1])
	}
	if _, err := os.Stat(filepath.Join(work, "by-rule")); err != nil {
		t.Errorf("by-rule: %v (the allowed command should have made it and the denied one kept it)", err)
	}
	m := drive(t, work, []string{"--permission-mode", "acceptEdits"},
		call{"Write", map[string]any{"file_path": filepath.Join(work, "w.txt"), "content": "x\n"}},
		call{"Bash", map[string]any{"command": "chmod +x w.txt"}},
	)
	if m.Calls[0].IsError {
		t.Errorf("Write in acceptEdits: %+v", m.Calls[0])
	}
	if !m.Calls[1].IsError {
		t.Errorf("Bash without a rule in acceptEdits ran: %+v", m.Calls[1])
	}
}

// The TypeScript client negotiates the newest protocol version it knows
// (the server speaks it), pings, gets -32601 for a method the server does
// not have, and cancels a running Bash command: the client's
// notifications/cancelled stops the command's process, and the server
// still answers after it.
func TestMCPServeProtocolWithTypeScriptClient(t *testing.T) {
	work := t.TempDir()
	s := driveEnv(t, work, []string{"--allowedTools", "Bash(sleep *)"}, []string{"EXTRAS=1"})
	if s.Negotiated != "2025-11-25" {
		t.Errorf("negotiated protocol version %q, want 2025-11-25", s.Negotiated)
	}
	x := s.Extras
	if x == nil {
		t.Fatal("the client ran no extra checks")
	}
	if string(x.Ping) != "{}" || string(x.PingAfterCancel) != "{}" {
		t.Errorf("ping answers %s, %s; want {}", x.Ping, x.PingAfterCancel)
	}
	if string(x.UnknownMethod) != "-32601" {
		t.Errorf("unknown method: %s, want error -32601", x.UnknownMethod)
	}
	if !x.SleepStarted || !x.SleepGone || x.Cancelled == "answered" || x.Cancelled == "" {
		t.Errorf("cancellation: started %v, gone %v, call ended with %q (want the abort's error)", x.SleepStarted, x.SleepGone, x.Cancelled)
	}
}
