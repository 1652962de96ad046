package permission_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

var allModes = []permission.Mode{permission.ModeDefault, permission.ModeAcceptEdits,
	permission.ModePlan, permission.ModeAuto, permission.ModeDontAsk, permission.ModeBypass}

func TestParseMode(t *testing.T) {
	tests := []struct {
		in      string
		want    permission.Mode
		wantErr bool
	}{
		{"default", permission.ModeDefault, false},
		{"acceptEdits", permission.ModeAcceptEdits, false},
		{"plan", permission.ModePlan, false},
		{"auto", permission.ModeAuto, false},
		{"dontAsk", permission.ModeDontAsk, false},
		{"bypassPermissions", permission.ModeBypass, false},
		{"manual", permission.ModeDefault, false},
		{"", permission.ModeDefault, false},
		{"bypass", "", true},
		{"Default", "", true}, // Claude Code's names are case-sensitive
		{"yolo", "", true},
	}
	for _, tt := range tests {
		got, err := permission.ParseMode(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseMode(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
		if err == nil {
			continue
		}
		msg := err.Error()
		for _, want := range append([]string{`"` + tt.in + `"`}, modeNames()...) {
			if !strings.Contains(msg, want) {
				t.Errorf("ParseMode(%q) error %q does not mention %s", tt.in, msg, want)
			}
		}
	}
}

func modeNames() []string {
	var out []string
	for _, m := range allModes {
		out = append(out, string(m))
	}
	return out
}

// fakeTool is a tool whose own permission verdict is irrelevant to Check:
// the Request carries it.
func fakeTool(name string, aliases ...string) tool.Tool {
	return &tool.Func{ToolName: name, ToolAliases: aliases}
}

func TestAllowAll(t *testing.T) {
	updated := json.RawMessage(`{"path":"/abs"}`)
	tests := []struct {
		name  string
		check tool.PermissionResult
		hook  tool.PermissionBehavior
		input json.RawMessage
	}{
		{"passthrough", tool.PermissionResult{Behavior: tool.PermissionPassthrough}, "", nil},
		{"tool deny", tool.PermissionResult{Behavior: tool.PermissionDeny, Message: "no"}, "", nil},
		{"hook deny", tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"updated input", tool.PermissionResult{Behavior: tool.PermissionAllow, UpdatedInput: updated}, "", updated},
	}
	for _, tt := range tests {
		d := permission.AllowAll{}.Check(context.Background(), permission.Request{
			Tool: fakeTool("Bash"), ToolCheck: tt.check, Hook: tt.hook})
		if d.Behavior != tool.PermissionAllow || d.Reason == "" || string(d.UpdatedInput) != string(tt.input) {
			t.Errorf("%s: AllowAll = %+v, want allow with a reason and updated input %s", tt.name, d, tt.input)
		}
	}
}

func TestGate(t *testing.T) {
	updated := json.RawMessage(`{"command":"ls -la"}`)
	pass := tool.PermissionResult{Behavior: tool.PermissionPassthrough}
	allow := tool.PermissionResult{Behavior: tool.PermissionAllow, UpdatedInput: updated}
	deny := tool.PermissionResult{Behavior: tool.PermissionDeny, Message: "Bash refuses rm -rf /"}
	ask := tool.PermissionResult{Behavior: tool.PermissionAsk, Message: "Bash wants to run curl"}
	askSilent := tool.PermissionResult{Behavior: tool.PermissionAsk, UpdatedInput: updated}
	denySilent := tool.PermissionResult{Behavior: tool.PermissionDeny}

	type want struct {
		behavior tool.PermissionBehavior
		message  string // substring of Message; "" means Message is not checked beyond non-empty on deny
		updated  json.RawMessage
	}
	denied := func(msg string) want { return want{behavior: tool.PermissionDeny, message: msg} }
	tests := []struct {
		name  string
		deny  []string
		check tool.PermissionResult
		hook  tool.PermissionBehavior
		// want is the verdict outside bypass; bypass is the verdict in
		// bypassPermissions.
		want, bypass want
	}{
		{name: "passthrough is allowed", check: pass,
			want: want{behavior: tool.PermissionAllow}, bypass: want{behavior: tool.PermissionAllow}},
		{name: "zero tool check is allowed", check: tool.PermissionResult{},
			want: want{behavior: tool.PermissionAllow}, bypass: want{behavior: tool.PermissionAllow}},
		{name: "tool allow passes updated input", check: allow,
			want:   want{behavior: tool.PermissionAllow, updated: updated},
			bypass: want{behavior: tool.PermissionAllow, updated: updated}},
		{name: "denied by name", deny: []string{"Read", "Bash"}, check: allow,
			want: denied("Permission to use Bash has been denied."), bypass: denied("Permission to use Bash has been denied.")},
		{name: "denied by alias", deny: []string{"Shell"}, check: pass,
			want: denied("Bash"), bypass: denied("Bash")},
		{name: "deny list beats a hook allow", deny: []string{"Bash"}, check: pass, hook: tool.PermissionAllow,
			want: denied("Bash"), bypass: denied("Bash")},
		{name: "other names in the deny list do not match", deny: []string{"bash", "Bas", "Read"}, check: pass,
			want: want{behavior: tool.PermissionAllow}, bypass: want{behavior: tool.PermissionAllow}},
		{name: "hook deny", check: allow, hook: tool.PermissionDeny,
			want: denied("hook"), bypass: denied("hook")},
		{name: "tool deny keeps its message", check: deny,
			want: denied(deny.Message), bypass: denied(deny.Message)},
		{name: "tool deny without a message", check: denySilent,
			want: denied("Bash"), bypass: denied("Bash")},
		{name: "tool deny beats a hook allow", check: deny, hook: tool.PermissionAllow,
			want: denied(deny.Message), bypass: denied(deny.Message)},
		{name: "ask has nobody to ask", check: ask,
			want: denied(ask.Message), bypass: want{behavior: tool.PermissionAllow}},
		{name: "ask without a message", check: askSilent,
			want:   denied("Bash needs approval"),
			bypass: want{behavior: tool.PermissionAllow, updated: updated}},
		{name: "ask allowed by a hook", check: askSilent, hook: tool.PermissionAllow,
			want:   want{behavior: tool.PermissionAllow, updated: updated},
			bypass: want{behavior: tool.PermissionAllow, updated: updated}},
		{name: "hook ask is no allow", check: ask, hook: tool.PermissionAsk,
			want: denied(ask.Message), bypass: want{behavior: tool.PermissionAllow}},
	}
	for _, tt := range tests {
		for _, mode := range append(allModes, "") {
			w := tt.want
			if mode == permission.ModeBypass {
				w = tt.bypass
			}
			t.Run(tt.name+"/"+string(mode), func(t *testing.T) {
				g := permission.Gate{Mode: mode, Deny: tt.deny}
				d := g.Check(context.Background(), permission.Request{Tool: fakeTool("Bash", "Shell"),
					ToolUseID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`), ToolCheck: tt.check, Hook: tt.hook})
				if d.Behavior != w.behavior {
					t.Fatalf("Behavior = %q, want %q (decision %+v)", d.Behavior, w.behavior, d)
				}
				if d.Reason == "" {
					t.Errorf("Reason is empty (decision %+v)", d)
				}
				if d.Interrupt {
					t.Errorf("Interrupt = true, want false: the gate never ends the turn")
				}
				if w.behavior == tool.PermissionDeny {
					if d.Message == "" || !strings.Contains(d.Message, w.message) {
						t.Errorf("Message = %q, want a message containing %q", d.Message, w.message)
					}
					if d.UpdatedInput != nil {
						t.Errorf("UpdatedInput = %s on a deny, want nil", d.UpdatedInput)
					}
					return
				}
				if string(d.UpdatedInput) != string(w.updated) {
					t.Errorf("UpdatedInput = %s, want %s", d.UpdatedInput, w.updated)
				}
			})
		}
	}
}

func TestGateReasonNamesMode(t *testing.T) {
	for _, mode := range append(allModes, "") {
		d := permission.Gate{Mode: mode}.Check(context.Background(), permission.Request{Tool: fakeTool("Read")})
		want := string(mode)
		if mode == "" {
			want = string(permission.ModeDefault)
		}
		if !strings.Contains(d.Reason, want) {
			t.Errorf("Gate{Mode: %q} allow reason = %q, want it to name mode %q", mode, d.Reason, want)
		}
	}
}

var (
	_ permission.Checker = permission.AllowAll{}
	_ permission.Checker = permission.Gate{}
)
