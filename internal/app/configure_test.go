package app

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"corvid/internal/engine"
	"corvid/internal/model"
	"corvid/internal/outputstyle"
	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/read"
)

func mustConfigure(t *testing.T, opts Options) engine.Config {
	t.Helper()
	s, err := configure(opts)
	if err != nil {
		t.Fatalf("configure: %v", err)
	}
	t.Cleanup(s.close)
	return s.engine
}

func TestConfigureModel(t *testing.T) {
	sonnet := model.Resolve("sonnet").ID
	haiku := model.Resolve("haiku").ID
	tests := []struct {
		name      string
		flag      string
		fallbacks []string
		env       envMap
		want      string
		wantFalls []string
	}{
		{name: "default", env: creds, want: model.DefaultID},
		{name: "ANTHROPIC_MODEL", env: creds.with("ANTHROPIC_MODEL", "haiku"), want: haiku},
		{name: "--model beats ANTHROPIC_MODEL", flag: "sonnet",
			env: creds.with("ANTHROPIC_MODEL", "haiku"), want: sonnet},
		{name: "blank ANTHROPIC_MODEL is unset", env: creds.with("ANTHROPIC_MODEL", "  "), want: model.DefaultID},
		{name: "full id", flag: "claude-sonnet-4-5-20250929", env: creds, want: "claude-sonnet-4-5-20250929"},
		{name: "sonnet override", flag: "sonnet",
			env: creds.with("ANTHROPIC_DEFAULT_SONNET_MODEL", "my-sonnet"), want: "my-sonnet"},
		{name: "override through ANTHROPIC_MODEL", env: creds.with("ANTHROPIC_MODEL", "opus",
			"ANTHROPIC_DEFAULT_OPUS_MODEL", "my-opus"), want: "my-opus"},
		{name: "haiku override", flag: "haiku",
			env: creds.with("ANTHROPIC_DEFAULT_HAIKU_MODEL", "my-haiku"), want: "my-haiku"},
		{name: "override of another alias is ignored", flag: "sonnet",
			env: creds.with("ANTHROPIC_DEFAULT_HAIKU_MODEL", "my-haiku"), want: sonnet},
		{name: "fallback chain", flag: "opus", fallbacks: []string{"sonnet", "haiku"}, env: creds,
			want: model.Resolve("opus").ID, wantFalls: []string{sonnet, haiku}},
		{name: "fallbacks honour overrides", flag: "opus", fallbacks: []string{"sonnet"},
			env:  creds.with("ANTHROPIC_DEFAULT_SONNET_MODEL", "my-sonnet"),
			want: model.Resolve("opus").ID, wantFalls: []string{"my-sonnet"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := baseOptions(tt.env)
			opts.Model, opts.FallbackModels = tt.flag, tt.fallbacks
			c := mustConfigure(t, opts)
			if c.Model.ID != tt.want {
				t.Errorf("model = %q, want %q", c.Model.ID, tt.want)
			}
			var falls []string
			for _, f := range c.FallbackModels {
				falls = append(falls, f.ID)
			}
			if !slices.Equal(falls, tt.wantFalls) {
				t.Errorf("fallbacks = %q, want %q", falls, tt.wantFalls)
			}
		})
	}
}

func TestConfigureFallbackSameAsMain(t *testing.T) {
	tests := []struct {
		name      string
		flag      string
		fallbacks []string
		env       envMap
	}{
		{"same alias", "sonnet", []string{"sonnet"}, creds},
		{"alias and its id", "sonnet", []string{model.Resolve("sonnet").ID}, creds},
		{"later in the chain", "opus", []string{"haiku", "opus"}, creds},
		{"default model", "", []string{model.DefaultID}, creds},
		{"through an override", "sonnet", []string{"my-sonnet"},
			creds.with("ANTHROPIC_DEFAULT_SONNET_MODEL", "my-sonnet")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := baseOptions(tt.env)
			opts.Model, opts.FallbackModels = tt.flag, tt.fallbacks
			_, err := configure(opts)
			if err == nil || !strings.Contains(err.Error(), "same as the main model") {
				t.Fatalf("configure = %v, want an error saying the fallback is the same as the main model", err)
			}
		})
	}
}

func TestRetryPolicy(t *testing.T) {
	tests := []struct {
		name string
		env  envMap
		want int // MaxRetries
	}{
		{"unset: default", envMap{}, 0},
		{"CORVID_MAX_RETRIES", envMap{"CORVID_MAX_RETRIES": "3"}, 3},
		{"CLAUDE_CODE_MAX_RETRIES", envMap{"CLAUDE_CODE_MAX_RETRIES": "7"}, 7},
		{"CORVID_MAX_RETRIES first", envMap{"CORVID_MAX_RETRIES": "2", "CLAUDE_CODE_MAX_RETRIES": "7"}, 2},
		{"spaces are trimmed", envMap{"CORVID_MAX_RETRIES": " 4 "}, 4},
		{"0 disables", envMap{"CORVID_MAX_RETRIES": "0"}, -1},
		{"0 disables (Claude Code's name)", envMap{"CLAUDE_CODE_MAX_RETRIES": "0"}, -1},
		{"garbage: default", envMap{"CORVID_MAX_RETRIES": "many"}, 0},
		{"float: default", envMap{"CLAUDE_CODE_MAX_RETRIES": "2.5"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retryPolicy(environment(tt.env.get)); got.MaxRetries != tt.want {
				t.Errorf("retryPolicy(%v).MaxRetries = %d, want %d", tt.env, got.MaxRetries, tt.want)
			}
			c := mustConfigure(t, baseOptions(creds.with(flatten(tt.env)...)))
			if c.Retry.MaxRetries != tt.want {
				t.Errorf("configure: Retry.MaxRetries = %d, want %d", c.Retry.MaxRetries, tt.want)
			}
		})
	}
}

func flatten(m envMap) []string {
	var kv []string
	for k, v := range m {
		kv = append(kv, k, v)
	}
	return kv
}

func TestConfigureEnvKnobs(t *testing.T) {
	env := creds.with("CLAUDE_CODE_MAX_OUTPUT_TOKENS", "4096", "CORVID_BATCH_TOOLS", "true",
		"CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY", "3")
	c := mustConfigure(t, baseOptions(env))
	if c.MaxTokens != 4096 || !c.BatchTools || c.MaxConcurrency != 3 {
		t.Errorf("MaxTokens, BatchTools, MaxConcurrency = %d, %v, %d; want 4096, true, 3",
			c.MaxTokens, c.BatchTools, c.MaxConcurrency)
	}
	c = mustConfigure(t, baseOptions(creds.with("CLAUDE_CODE_MAX_OUTPUT_TOKENS", "-5")))
	if c.MaxTokens != 0 || c.BatchTools || c.MaxConcurrency != 0 {
		t.Errorf("unset knobs: MaxTokens, BatchTools, MaxConcurrency = %d, %v, %d; want 0, false, 0",
			c.MaxTokens, c.BatchTools, c.MaxConcurrency)
	}
}

func TestConfigurePermissionMode(t *testing.T) {
	tests := []struct {
		flag string
		want permission.Mode
	}{
		{"", permission.ModeDefault},
		{"manual", permission.ModeDefault},
		{"plan", permission.ModePlan},
		{"bypassPermissions", permission.ModeBypass},
	}
	for _, tt := range tests {
		opts := baseOptions(creds)
		opts.PermissionMode = tt.flag
		c := mustConfigure(t, opts)
		eng, ok := c.Permission.(*permission.Engine)
		if !ok {
			t.Fatalf("Permission is %T, want *permission.Engine", c.Permission)
		}
		if eng.Mode() != tt.want {
			t.Errorf("--permission-mode %q: engine mode %q; want %q", tt.flag, eng.Mode(), tt.want)
		}
	}

	opts := baseOptions(creds)
	opts.PermissionMode = "yolo"
	if _, err := configure(opts); err == nil || !strings.Contains(err.Error(), `"yolo"`) {
		t.Errorf("--permission-mode yolo: configure = %v, want an error naming the mode", err)
	}
}

func TestConfigureCredentials(t *testing.T) {
	tests := []struct {
		name       string
		env        envMap
		wantErr    bool
		wantSource string
	}{
		{"none", envMap{}, true, ""},
		{"blank key", envMap{"ANTHROPIC_API_KEY": "   "}, true, ""},
		{"api key", envMap{"ANTHROPIC_API_KEY": "sk"}, false, "ANTHROPIC_API_KEY"},
		{"auth token", envMap{"ANTHROPIC_AUTH_TOKEN": "tok"}, false, "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := configure(baseOptions(tt.env))
			var keySource string
			if s != nil {
				keySource = s.keySource
				defer s.close()
			}
			if tt.wantErr {
				if err == nil || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
					t.Fatalf("configure = %v, want an error that names ANTHROPIC_API_KEY", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("configure: %v", err)
			}
			if keySource != tt.wantSource {
				t.Errorf("APIKeySource = %q, want %q", keySource, tt.wantSource)
			}
		})
	}
}

func TestConfigureNilGetenv(t *testing.T) {
	opts := baseOptions(nil)
	opts.Getenv = nil
	if _, err := configure(opts); err == nil || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") {
		t.Errorf("configure with nil Getenv = %v, want the missing-credentials error", err)
	}
}

func TestConfigureNilSink(t *testing.T) {
	opts := baseOptions(creds)
	opts.Sink = nil
	if _, err := configure(opts); err == nil || !strings.Contains(err.Error(), "sink") {
		t.Errorf("configure with nil Sink = %v, want an error about the sink", err)
	}
	if _, err := Run(t.Context(), opts); err == nil {
		t.Error("Run with nil Sink succeeded, want an error")
	}
}

func TestConfigureDisallowedTools(t *testing.T) {
	tests := []struct {
		name   string
		rules  []string
		hidden []string // bare names: removed from the registry
		denied []string // Bash commands the engine must deny
	}{
		{name: "none"},
		{name: "bare names", rules: []string{"Write", " Glob ", ""}, hidden: []string{"Write", "Glob"}},
		{name: "scoped rules are enforced", rules: []string{"Bash(rm *)", "Read"},
			hidden: []string{"Read"}, denied: []string{"rm -rf build", "ls && rm x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			opts := baseOptions(creds)
			opts.DisallowedTools, opts.Stderr = tt.rules, &stderr
			c := mustConfigure(t, opts)
			for _, n := range tt.hidden {
				if _, ok := c.Tools.Lookup(n); ok {
					t.Errorf("denied tool %q is still in the registry", n)
				}
			}
			eng := c.Permission.(*permission.Engine)
			for _, cmd := range tt.denied {
				in, _ := json.Marshal(map[string]string{"command": cmd})
				if d := eng.Explain("Bash", in); d.Behavior != tool.PermissionDeny {
					t.Errorf("Bash(%q): %s (%s), want deny", cmd, d.Behavior, d.Reason)
				}
			}
			if stderr.Len() > 0 {
				t.Errorf("stderr = %q, want no warnings", stderr.String())
			}
		})
	}
}

func TestSystemPrompt(t *testing.T) {
	const cwd = "/home/me/repo"
	tests := []struct {
		name string
		opts Options
		// want: one check per entry, in order; "cwd" means the default
		// prompt (which names the working directory).
		want []string
	}{
		{"default", Options{Cwd: cwd}, []string{"cwd"}},
		{"replaced", Options{Cwd: cwd, SystemPrompt: "You are a pirate.", HasSystemPrompt: true},
			[]string{"You are a pirate."}},
		{"replaced by an empty prompt", Options{Cwd: cwd, HasSystemPrompt: true}, nil},
		{"text without the flag is ignored", Options{Cwd: cwd, SystemPrompt: "ignored"}, []string{"cwd"}},
		{"appended", Options{Cwd: cwd, AppendSystemPrompt: "Be terse."}, []string{"cwd", "Be terse."}},
		{"replaced and appended", Options{Cwd: cwd, SystemPrompt: "S", HasSystemPrompt: true,
			AppendSystemPrompt: "A"}, []string{"S", "A"}},
		{"empty replaced and appended", Options{Cwd: cwd, HasSystemPrompt: true, AppendSystemPrompt: "A"},
			[]string{"A"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := systemPrompt(tt.opts, []tool.Tool{read.New(nil)}, "Working directory: "+tt.opts.Cwd, model.Info{ID: "m"}, outputstyle.Style{})
			if len(got) != len(tt.want) {
				t.Fatalf("systemPrompt = %q, want %d entries", got, len(tt.want))
			}
			for i, w := range tt.want {
				if w == "cwd" {
					if !strings.Contains(got[i], "Working directory: "+cwd) {
						t.Errorf("entry %d = %q, want the default prompt naming %s", i, got[i], cwd)
					}
					continue
				}
				if got[i] != w {
					t.Errorf("entry %d = %q, want %q", i, got[i], w)
				}
			}
		})
	}

	opts := baseOptions(creds)
	opts.AppendSystemPrompt = "extra"
	c := mustConfigure(t, opts)
	if len(c.System) != 2 || !strings.Contains(c.System[0], opts.Cwd) || c.System[1] != "extra" {
		t.Errorf("configure: System = %q, want the default prompt then %q", c.System, "extra")
	}
}

func TestConfigurePassesOptions(t *testing.T) {
	opts := baseOptions(creds)
	opts.MaxTurns, opts.MaxBudgetUSD, opts.PartialMessages = 7, 1.5, true
	cfg := mustConfigure(t, opts)
	if cfg.MaxTurns != 7 || cfg.MaxBudgetUSD != 1.5 || !cfg.PartialMessages || cfg.Cwd != opts.Cwd {
		t.Errorf("MaxTurns %d, MaxBudgetUSD %g, PartialMessages %v, Cwd %q; want 7, 1.5, true, %q",
			cfg.MaxTurns, cfg.MaxBudgetUSD, cfg.PartialMessages, cfg.Cwd, opts.Cwd)
	}
	if cfg.SessionID == "" || cfg.Provider == nil || cfg.Tools == nil || cfg.Sink == nil {
		t.Errorf("SessionID %q, Provider %v, Tools %v, Sink set %v; want all set",
			cfg.SessionID, cfg.Provider, cfg.Tools, cfg.Sink != nil)
	}
	if other := mustConfigure(t, opts); other.SessionID == cfg.SessionID {
		t.Errorf("two configurations share session id %q", cfg.SessionID)
	}
}
