package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.md")
	tests := []struct {
		name string
		args []string
		want string // the whole of stderr
	}{
		{"stream-json without verbose", []string{"-p", "--output-format", "stream-json", "hi"},
			"Error: When using --print, --output-format=stream-json requires --verbose\n"},
		{"stream-json without verbose, = form", []string{"-p", "--output-format=stream-json", "hi"},
			"Error: When using --print, --output-format=stream-json requires --verbose\n"},
		{"partial messages without stream-json", []string{"-p", "--include-partial-messages", "hi"},
			"Error: --include-partial-messages requires --print and --output-format=stream-json\n"},
		{"bad output format", []string{"-p", "--output-format", "yaml", "hi"},
			"error: option '--output-format <format>' argument 'yaml' is invalid. " +
				"Allowed choices are text, json, stream-json.\n"},
		{"stream-json input, text output", []string{"--input-format", "stream-json"},
			"Error: --input-format=stream-json requires output-format=stream-json.\n"},
		{"bad input format", []string{"-p", "--input-format=xml", "hi"},
			"error: option '--input-format <format>' argument 'xml' is invalid. " +
				"Allowed choices are text, stream-json.\n"},
		{"no print", []string{"hello"},
			"Error: The interactive interface needs a terminal on stdin and stdout. " +
				"Use -p/--print to run a prompt headless (see corvid --help).\n"},
		{"unknown flag", []string{"-p", "--frobnicate", "hi"}, "error: unknown option '--frobnicate'\n"},
		{"unknown shorthand", []string{"-p", "-z", "hi"}, "error: unknown option '-z'\n"},
		{"too many arguments", []string{"-p", "a", "b"},
			"error: too many arguments. Expected 1 argument but got 2.\n"},
		{"fallback equals model", []string{"-p", "--model", "opus", "--fallback-model", "sonnet,opus", "hi"},
			"Error: Fallback model cannot be the same as the main model. " +
				"Please specify a different model for --fallback-model.\n"},
		{"max turns zero", []string{"-p", "--max-turns", "0", "hi"},
			"Error: --max-turns must be a positive integer (got \"0\")\n"},
		{"max turns text", []string{"-p", "--max-turns=many", "hi"},
			"Error: --max-turns must be a positive integer (got \"many\")\n"},
		{"budget negative", []string{"-p", "--max-budget-usd=-1", "hi"},
			"Error: --max-budget-usd must be a positive number (got \"-1\")\n"},
		{"budget NaN", []string{"-p", "--max-budget-usd", "NaN", "hi"},
			"Error: --max-budget-usd must be a positive number (got \"NaN\")\n"},
		{"both system prompts", []string{"-p", "--system-prompt", "a", "--system-prompt-file", missing, "hi"},
			"Error: Cannot use both --system-prompt and --system-prompt-file. Please use only one.\n"},
		{"both append prompts", []string{"-p", "--append-system-prompt", "a",
			"--append-system-prompt-file", missing, "hi"},
			"Error: Cannot use both --append-system-prompt and --append-system-prompt-file. Please use only one.\n"},
		{"missing system prompt file", []string{"-p", "--system-prompt-file", missing, "hi"},
			"Error: System prompt file not found: " + missing + "\n"},
		{"bad permission mode", []string{"-p", "--permission-mode", "yolo", "hi"},
			"error: option '--permission-mode <mode>' argument 'yolo' is invalid. Allowed choices are " +
				"default, acceptEdits, plan, auto, dontAsk, bypassPermissions.\n"},
		{"bad session id", []string{"-p", "--session-id=abc", "hi"},
			"Error: Invalid session ID. Must be a valid UUID.\n"},
		{"continue and resume", []string{"-p", "-c", "-r", "abc", "hi"},
			"Error: --continue and --resume cannot be used together\n"},
		{"fork alone", []string{"-p", "--fork-session", "hi"},
			"Error: --fork-session requires --continue or --resume\n"},
		{"session id with resume", []string{"-p", "-r", "abc", "--session-id", "0b8f3c1e-2f7a-4d6b-9a51-1c2d3e4f5a6b", "hi"},
			"Error: --session-id can only be used with --continue or --resume if --fork-session is also given\n"},
		{"permission prompt tool", []string{"-p", "--permission-prompt-tool", "stdio", "hi"},
			"Error: --permission-prompt-tool stdio requires --input-format=stream-json\n"},
		{"permission prompt tool not mcp", []string{"-p", "--permission-prompt-tool", "approve", "hi"},
			"Error: --permission-prompt-tool: not an MCP tool name: \"approve\" (want mcp__<server>__<tool>, or stdio)\n"},
		{"missing value", []string{"-p", "--model"}, "Error: flag needs an argument: --model\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness("")
			if code := h.exec(tt.args...); code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			if got := h.stderr.String(); got != tt.want {
				t.Errorf("stderr\n got %q\nwant %q", got, tt.want)
			}
			if h.ran || h.stdout.Len() != 0 {
				t.Errorf("ran=%v stdout=%q: the run must not start", h.ran, h.stdout.String())
			}
		})
	}
}

func TestRootMayNotBypassPermissions(t *testing.T) {
	const want = "Error: --dangerously-skip-permissions cannot be used with root/sudo privileges " +
		"for security reasons (set IS_SANDBOX=1 inside a sandbox)\n"
	for _, args := range [][]string{
		{"-p", "--dangerously-skip-permissions", "hi"},
		{"-p", "--permission-mode", "bypassPermissions", "hi"},
	} {
		h := newHarness("")
		h.cli.Geteuid = func() int { return 0 }
		if code := h.exec(args...); code != 1 || h.stderr.String() != want {
			t.Errorf("%v: code %d, stderr %q", args, code, h.stderr.String())
		}
		h = newHarness("")
		h.cli.Geteuid = func() int { return 0 }
		h.cli.Getenv = func(k string) string { return map[string]string{"IS_SANDBOX": "1"}[k] }
		if code := h.exec(args...); code != 0 || h.got.PermissionMode != "bypassPermissions" {
			t.Errorf("%v in a sandbox: code %d, mode %q, stderr %q", args, code, h.got.PermissionMode,
				h.stderr.String())
		}
	}
}

func TestOptionsFromFlags(t *testing.T) {
	dir := t.TempDir()
	sys := filepath.Join(dir, "sys.md")
	if err := os.WriteFile(sys, []byte("You are terse."), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness("")
	code := h.exec("-p", "--model=opus", "--fallback-model", "sonnet, haiku",
		"--max-turns", "7", "--max-budget-usd=0.5",
		"--system-prompt-file", sys, "--append-system-prompt", "Be kind.",
		"--permission-mode", "manual",
		"--allowedTools", "Bash(git log *) Edit", "--allowed-tools=Read,Glob",
		"--disallowedTools", "Bash(rm -rf *),WebFetch", "--disallowed-tools", "Write",
		"--tools", "Bash,Read", "--settings", `{"model":"x"}`,
		"--add-dir", "/a", "--add-dir=/b", "--debug=api,hooks",
		"--session-id", "0b8f3c1e-2f7a-4d6b-9a51-1c2d3e4f5a6b", "--no-session-persistence",
		"--output-format=stream-json", "--verbose", "--include-partial-messages",
		"do it")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, h.stderr.String())
	}
	o := h.got
	checks := []struct {
		name string
		ok   bool
	}{
		{"Prompt", o.Prompt == "do it"},
		{"Model", o.Model == "opus"},
		{"FallbackModels", slices.Equal(o.FallbackModels, []string{"sonnet", "haiku"})},
		{"MaxTurns", o.MaxTurns == 7},
		{"MaxBudgetUSD", o.MaxBudgetUSD == 0.5},
		{"SystemPrompt", o.SystemPrompt == "You are terse." && o.HasSystemPrompt},
		{"AppendSystemPrompt", o.AppendSystemPrompt == "Be kind."},
		{"PermissionMode", o.PermissionMode == "default"},
		{"AllowedTools", slices.Equal(o.AllowedTools, []string{"Bash(git log *)", "Edit", "Read", "Glob"})},
		{"DisallowedTools", slices.Equal(o.DisallowedTools, []string{"Bash(rm -rf *)", "WebFetch", "Write"})},
		{"Tools", slices.Equal(o.Tools, []string{"Bash", "Read"}) && o.HasTools},
		{"SettingsFlag", o.SettingsFlag == `{"model":"x"}`},
		{"AdditionalDirs", slices.Equal(o.AdditionalDirs, []string{"/a", "/b"})},
		{"Debug", o.Debug == "api,hooks"},
		{"SessionID", o.SessionID == "0b8f3c1e-2f7a-4d6b-9a51-1c2d3e4f5a6b"},
		{"NoSessionPersistence", o.NoSessionPersistence},
		{"PartialMessages", o.PartialMessages},
		{"Cwd", o.Cwd == "/work/proj"},
		{"plumbing", o.Getenv != nil && o.Stderr != nil && o.Sink != nil},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s wrong in %+v", c.name, o)
		}
	}
}

func TestOptionDefaultsAndEdgeValues(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		check func(h *harness) bool
	}{
		{"defaults", []string{"-p", "hi"}, func(h *harness) bool {
			o := h.got
			return !o.HasSystemPrompt && !o.HasTools && o.MaxTurns == 0 && o.PermissionMode == "" &&
				o.Debug == "" && o.AllowedTools == nil
		}},
		{"empty system prompt counts", []string{"-p", "--system-prompt", "", "hi"}, func(h *harness) bool {
			return h.got.HasSystemPrompt && h.got.SystemPrompt == ""
		}},
		{"no tools", []string{"-p", "--tools", "", "hi"}, func(h *harness) bool {
			return h.got.HasTools && len(h.got.Tools) == 0 && h.got.Tools != nil
		}},
		{"default tools", []string{"-p", "--tools=default", "hi"}, func(h *harness) bool {
			return !h.got.HasTools
		}},
		{"bare debug", []string{"-p", "-d", "hi"}, func(h *harness) bool {
			return h.got.Debug == "all" && h.got.Prompt == "hi"
		}},
		{"skip permissions", []string{"-p", "--dangerously-skip-permissions", "hi"}, func(h *harness) bool {
			return h.got.PermissionMode == "bypassPermissions"
		}},
		{"flags after the prompt", []string{"hi", "-p", "--model", "haiku"}, func(h *harness) bool {
			return h.got.Prompt == "hi" && h.got.Model == "haiku"
		}},
		{"prompt after --", []string{"-p", "--", "-v is a flag"}, func(h *harness) bool {
			return h.got.Prompt == "-v is a flag"
		}},
		{"mcp config passed on", []string{"-p", "--mcp-config", `{"mcpServers":{}}`, "--mcp-config", "b.json", "--strict-mcp-config", "hi"}, func(h *harness) bool {
			return slices.Equal(h.got.MCPConfig, []string{`{"mcpServers":{}}`, "b.json"}) && h.got.StrictMCPConfig &&
				!strings.Contains(h.stderr.String(), "mcp")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness("")
			if code := h.exec(tt.args...); code != 0 {
				t.Fatalf("exit %d, stderr %s", code, h.stderr.String())
			}
			if !tt.check(h) {
				t.Errorf("options %+v, stderr %q", h.got, h.stderr.String())
			}
		})
	}
}

func TestSplitRules(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Bash,Edit", []string{"Bash", "Edit"}},
		{"Bash Edit  Read", []string{"Bash", "Edit", "Read"}},
		{"Bash(git log *)", []string{"Bash(git log *)"}},
		{"Bash(git log:*), Edit(src/**)  WebFetch(domain:example.com)",
			[]string{"Bash(git log:*)", "Edit(src/**)", "WebFetch(domain:example.com)"}},
		{"Bash(echo a,b)", []string{"Bash(echo a,b)"}},
		{"", nil},
		{" , ", nil},
		{"mcp__*", []string{"mcp__*"}},
	}
	for _, tt := range tests {
		if got := splitRules(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitRules(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	const want = "2.1.330 (corvid 0.1.0)\n"
	for _, args := range [][]string{{"-v"}, {"--version"}, {"-p", "--version"}} {
		h := newHarness("")
		if code := h.exec(args...); code != 0 || h.stdout.String() != want || h.ran {
			t.Errorf("%v: code %d, stdout %q, ran %v", args, code, h.stdout.String(), h.ran)
		}
	}
	var buf strings.Builder
	if !versionFastPath([]string{"-v"}, &buf) || buf.String() != want {
		t.Errorf("fast path printed %q", buf.String())
	}
	if versionFastPath([]string{"-p", "-v"}, &buf) {
		t.Error("fast path taken for a longer command line")
	}
	h := newHarness("")
	if code := h.exec("--help"); code != 0 || h.ran {
		t.Fatalf("--help: code %d", code)
	}
	for _, flag := range []string{"--print", "--output-format", "--input-format", "--verbose",
		"--include-partial-messages", "--model", "--fallback-model", "--max-turns", "--max-budget-usd",
		"--system-prompt", "--system-prompt-file", "--append-system-prompt", "--append-system-prompt-file",
		"--permission-mode", "--dangerously-skip-permissions", "--allowedTools", "--allowed-tools",
		"--disallowedTools", "--disallowed-tools", "--tools", "--settings", "--add-dir", "--debug",
		"--continue", "--resume", "--session-id", "--no-session-persistence", "--mcp-config",
		"--permission-prompt-tool", "--version", "--help"} {
		if !strings.Contains(h.stdout.String(), flag+" ") {
			t.Errorf("--help lacks %s", flag)
		}
	}
}

func TestRunWrapper(t *testing.T) {
	var out, errOut strings.Builder
	getenv := func(string) string { return "" }
	if code := Run([]string{"--version"}, nil, &out, &errOut, getenv); code != 0 ||
		out.String() != "2.1.330 (corvid 0.1.0)\n" {
		t.Errorf("--version: code %d, stdout %q", code, out.String())
	}
	out.Reset()
	if code := Run([]string{"-p"}, strings.NewReader(""), &out, &errOut, getenv); code != 1 ||
		!strings.HasPrefix(errOut.String(), "Error: Input must be provided") {
		t.Errorf("empty prompt: code %d, stderr %q", code, errOut.String())
	}
}

func TestNoArguments(t *testing.T) {
	h := newHarness("")
	if code := h.cli.Execute(t.Context(), nil); code != 1 ||
		!strings.Contains(h.stderr.String(), "interactive interface needs a terminal") {
		t.Errorf("code %d, stderr %q", code, h.stderr.String())
	}
}

func TestSettingSources(t *testing.T) {
	cases := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{"user,project", []string{"user", "project"}, ""},
		{" local , user,local", []string{"local", "user"}, ""},
		{"", nil, ""},
		{"user,managed", nil, "Invalid setting source: managed"},
	}
	for _, tc := range cases {
		got, err := settingSources(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("settingSources(%q) error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("settingSources(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestSessionFlags(t *testing.T) {
	const id = "0b8f3c1e-2f7a-4d6b-9a51-1c2d3e4f5a6b"
	tests := []struct {
		args     []string
		resume   string
		cont     bool
		fork     bool
		sessID   string
		wantArgs string
	}{
		{[]string{"-p", "-r", id, "hi"}, id, false, false, "", "hi"},
		{[]string{"-p", "--resume", id, "hi"}, id, false, false, "", "hi"},
		{[]string{"-p", "--resume=" + id, "hi"}, id, false, false, "", "hi"},
		{[]string{"-p", "-c", "hi"}, "", true, false, "", "hi"},
		{[]string{"-p", "-c", "--fork-session", "--session-id", id, "hi"}, "", true, true, id, "hi"},
		{[]string{"-p", "hi", "-r", "0b8f3c1e"}, "0b8f3c1e", false, false, "", "hi"},
	}
	for _, tt := range tests {
		h := newHarness("")
		if code := h.exec(tt.args...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, h.stderr.String())
			continue
		}
		o := h.got
		if o.Resume != tt.resume || o.Continue != tt.cont || o.ForkSession != tt.fork || o.SessionID != tt.sessID ||
			o.Prompt != tt.wantArgs {
			t.Errorf("%v: resume %q continue %v fork %v session %q prompt %q", tt.args, o.Resume, o.Continue,
				o.ForkSession, o.SessionID, o.Prompt)
		}
	}
}

func TestOptionalValues(t *testing.T) {
	got := optionalValues([]string{"-p", "-r", "x", "--resume", "-v", "--", "-r", "y"})
	want := []string{"-p", "--resume=x", "--resume", "-v", "--", "-r", "y"}
	if !slices.Equal(got, want) {
		t.Errorf("optionalValues = %q, want %q", got, want)
	}
}
