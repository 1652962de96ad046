package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// wireShape is what a main request carried that the settings decide.
type wireShape struct {
	Thinking     map[string]any    `json:"thinking"`
	OutputConfig map[string]any    `json:"output_config"`
	Temperature  *float64          `json:"temperature"`
	Metadata     map[string]string `json:"metadata"`
	header       func(string) string
	sessionID    string
}

// firstRequest runs one prompt with opts changed by edit and returns the
// first request's shape.
func firstRequest(t *testing.T, env envMap, edit func(*Options)) wireShape {
	t.Helper()
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("ok")}}}})
	e := fakeAPI(srv)
	for k, v := range env {
		e[k] = v
	}
	e["CORVID_CONFIG_DIR"] = t.TempDir()
	opts := baseOptions(e)
	opts.Cwd = t.TempDir()
	if edit != nil {
		edit(&opts)
	}
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	var w wireShape
	if err := json.Unmarshal(r.Body, &w); err != nil {
		t.Fatal(err)
	}
	w.header, w.sessionID = r.Header.Get, res.SessionID
	return w
}

// The settings reach the wire as Claude Code sends them for the same
// flags and environment (the adapter's table test covers every model).
func TestReasoningSettingsOnTheWire(t *testing.T) {
	sonnet := func(o *Options) { o.Model = "claude-sonnet-4-5" }
	for _, tc := range []struct {
		name     string
		env      envMap
		edit     func(*Options)
		thinking string // thinking as JSON
		effort   any
	}{
		{"adaptive by default", nil, nil, `{"type":"adaptive"}`, "medium"},
		{"a budget model gets max_tokens-1", nil, sonnet, `{"type":"enabled","budget_tokens":31999}`, nil},
		{"MAX_THINKING_TOKENS", envMap{"MAX_THINKING_TOKENS": "8000"}, sonnet, `{"type":"enabled","budget_tokens":8000}`, nil},
		{"MAX_THINKING_TOKENS=0 turns it off", envMap{"MAX_THINKING_TOKENS": "0"}, sonnet, `{"type":"disabled"}`, nil},
		{"the flag beats the environment", envMap{"MAX_THINKING_TOKENS": "8000"}, func(o *Options) {
			sonnet(o)
			o.MaxThinkingTokens, o.HasMaxThinkingTokens = 5000, true
		}, `{"type":"enabled","budget_tokens":5000}`, nil},
		{"--effort", nil, func(o *Options) { o.Effort = "high" }, `{"type":"adaptive"}`, "high"},
		{"CLAUDE_CODE_EFFORT_LEVEL", envMap{"CLAUDE_CODE_EFFORT_LEVEL": "low"}, nil, `{"type":"adaptive"}`, "low"},
		{"a bad effort is ignored", envMap{"CLAUDE_CODE_EFFORT_LEVEL": "huge"}, nil, `{"type":"adaptive"}`, "medium"},
		// Claude Code 2.1.332 sends the same request for these keywords.
		{"ultrathink changes nothing", envMap{"MAX_THINKING_TOKENS": "4000"}, func(o *Options) {
			sonnet(o)
			o.Prompt = "ultrathink: think hard about this"
		}, `{"type":"enabled","budget_tokens":4000}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := firstRequest(t, tc.env, tc.edit)
			var want map[string]any
			_ = json.Unmarshal([]byte(tc.thinking), &want)
			got, _ := json.Marshal(w.Thinking)
			wantJSON, _ := json.Marshal(want)
			if string(got) != string(wantJSON) {
				t.Errorf("thinking %s, want %s", got, wantJSON)
			}
			var effort any
			if w.OutputConfig != nil {
				effort = w.OutputConfig["effort"]
			}
			if effort != tc.effort {
				t.Errorf("effort %v, want %v", effort, tc.effort)
			}
		})
	}
}

// bodyWithSettings runs one prompt with a user settings file and returns
// the first request's body.
func bodyWithSettings(t *testing.T, settings, model string) string {
	t.Helper()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("ok")}}}})
	e := fakeAPI(srv)
	e["CORVID_CONFIG_DIR"] = home
	opts := baseOptions(e)
	opts.Cwd, opts.Model = t.TempDir(), model
	if _, err := Run(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	return string(srv.Requests()[0].Body)
}

func TestThinkingSettings(t *testing.T) {
	body := bodyWithSettings(t, `{"alwaysThinkingEnabled":false}`, "claude-opus-4-5")
	if !strings.Contains(body, `"thinking":{"type":"disabled"}`) || strings.Contains(body, "context_management") {
		t.Errorf("alwaysThinkingEnabled:false: %.300s", body[strings.Index(body, `"metadata"`):])
	}
	body = bodyWithSettings(t, `{"effortLevel":"max"}`, "")
	if !strings.Contains(body, `"output_config":{"effort":"max"}`) || !strings.Contains(body, `"thinking":{"type":"adaptive"}`) {
		t.Errorf("effortLevel max: %.300s", body[strings.Index(body, `"metadata"`):])
	}
}

// Headers and metadata name corvid, the session and an anonymous device.
func TestRequestIdentity(t *testing.T) {
	w := firstRequest(t, nil, nil)
	if ua := w.header("User-Agent"); !regexp.MustCompile(`^corvid/\S+ \(external, cli\)$`).MatchString(ua) {
		t.Errorf("User-Agent %q", ua)
	}
	if got := w.header("X-Claude-Code-Session-Id"); got != w.sessionID || got == "" {
		t.Errorf("X-Claude-Code-Session-Id %q, session %q", got, w.sessionID)
	}
	var uid map[string]string
	if err := json.Unmarshal([]byte(w.Metadata["user_id"]), &uid); err != nil {
		t.Fatalf("metadata.user_id %q: %v", w.Metadata["user_id"], err)
	}
	if uid["session_id"] != w.sessionID || len(uid["device_id"]) != 64 || len(uid) != 3 {
		t.Errorf("metadata.user_id %v", uid)
	}
	if b := w.header("Anthropic-Beta"); !strings.HasPrefix(b, "claude-code-20250219,") || !strings.Contains(b, "effort-2025-11-24") {
		t.Errorf("anthropic-beta %q", b)
	}
}
