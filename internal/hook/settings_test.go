package hook

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestDecode(t *testing.T) {
	raw := `{"PreToolUse": [
	  {"matcher": "Bash", "hooks": [{"type": "command", "command": "a.sh", "timeout": 5},
	                                {"type": "command", "args": ["b", "x"]},
	                                {"type": "nope"}, {"type": "command"}]},
	  {"matcher": "(?=x)", "hooks": [{"type": "command", "command": "c.sh"}]},
	  {"hooks": [{"type": "http", "url": "http://h/"}, {"type": "prompt", "prompt": "ok?"}]}],
	 "Stop": "bad", "preToolUse": []}`
	hs, errs := Decode(json.RawMessage(raw), "proj/.claude/settings.json", "project")
	if len(hs) != 4 {
		t.Fatalf("handlers = %+v", hs)
	}
	if h := hs[0]; h.Event != PreToolUse || h.Matcher != "Bash" || h.File != "proj/.claude/settings.json" ||
		h.TimeoutOrDefault() != 5*time.Second || h.Source != "project" {
		t.Errorf("first = %+v", h)
	}
	if hs[2].TimeoutOrDefault() != DefaultTimeout || hs[3].TimeoutOrDefault() != PromptTimeout {
		t.Errorf("default timeouts: %v %v", hs[2].TimeoutOrDefault(), hs[3].TimeoutOrDefault())
	}
	var msgs []string
	for _, e := range errs {
		if !errors.Is(e, ErrBadConfig) {
			t.Errorf("error %v is not ErrBadConfig", e)
		}
		msgs = append(msgs, e.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`proj/.claude/settings.json: hooks.PreToolUse[0].hooks[2]: handler type "nope" is not supported`,
		`hooks.PreToolUse[0].hooks[3]: a command hook needs "command" or "args"`,
		`hooks.PreToolUse[1]: matcher "(?=x)" is not a valid regular expression`,
		`hooks.Stop must be a list`,
		`hooks.preToolUse is not a hook event`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("errors lack %q:\n%s", want, all)
		}
	}
}

// Identical handlers from several layers run once; the strongest
// layer's copy is kept. disableAllHooks and allowManagedHooksOnly.
func TestFromLayers(t *testing.T) {
	cmd := func(c string) string {
		return `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "` + c + `"}]}]}`
	}
	yes, no := true, false
	layers := []Layer{
		{Source: "managed", File: "m.json", Hooks: []byte(cmd("m"))},
		{Source: "local", File: "l.json", Hooks: []byte(cmd("same"))},
		{Source: "project", File: "p.json", Hooks: []byte(cmd("same"))},
		{Source: "user", File: "u.json", Hooks: []byte(cmd("u"))},
	}
	names := func(hs []Handler) string {
		var out []string
		for _, h := range hs {
			out = append(out, h.Command+"@"+h.File)
		}
		return strings.Join(out, ",")
	}
	hs, _ := FromLayers(layers)
	if got := names(hs); got != "m@m.json,same@l.json,u@u.json" {
		t.Errorf("merged = %s", got)
	}
	layers[1].DisableAll = &yes
	layers[3].DisableAll = &no // weaker: the local file decides
	if got := names(must(FromLayers(layers))); got != "m@m.json" {
		t.Errorf("disableAllHooks in local = %s", got)
	}
	layers[1].DisableAll = nil
	layers[0].ManagedOnly = &yes
	if got := names(must(FromLayers(layers))); got != "m@m.json" {
		t.Errorf("allowManagedHooksOnly = %s", got)
	}
	layers[3].ManagedOnly = &yes // only the managed layer may say it
	layers[0].ManagedOnly = nil
	if got := names(must(FromLayers(layers))); got != "m@m.json,same@l.json,u@u.json" {
		t.Errorf("allowManagedHooksOnly outside managed = %s", got)
	}
	layers[0].DisableAll = &yes
	if hs := must(FromLayers(layers)); len(hs) != 0 {
		t.Errorf("managed disableAllHooks left %s", names(hs))
	}
}

func must(hs []Handler, _ []error) []Handler { return hs }

// Combine runs both Sets' callbacks, each through its own runner with
// its own ids.
func TestCombine(t *testing.T) {
	a := &runner{answers: map[string]string{"x": `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"from a"}}`}}
	b := &runner{answers: map[string]string{"x": `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"from b"}}`}}
	sa := New(a, map[string][]Matcher{PreToolUse: {{Pattern: "Bash", Callbacks: []string{"x"}}}}, nil)
	sb := New(b, map[string][]Matcher{PreToolUse: {{Pattern: "*", Callbacks: []string{"x"}}}}, nil)
	s := Combine(func() Common { return Common{SessionID: "s9"} }, sa, nil, sb)
	d := pre(s)
	if d.Reason != "from b" || len(a.inputs) != 1 || len(b.inputs) != 1 {
		t.Fatalf("decision %+v, a %v, b %v", d, a.inputs, b.inputs)
	}
	if a.inputs["x"]["session_id"] != "s9" {
		t.Errorf("common not used: %v", a.inputs["x"])
	}
	if got := s.Context(); len(got) != 1 || !strings.Contains(got[0], "from a") {
		t.Errorf("context = %q", got)
	}
	if Combine(nil, nil, New(a, nil, nil)) != nil {
		t.Error("Combine of empty sets is not nil")
	}
	if _, err := (mux{a}).RunHook(context.Background(), "7/x", "", nil); !errors.Is(err, ErrNoCallback) {
		t.Errorf("unknown prefix: %v", err)
	}
}

// Events without a match field ignore the matcher, as Claude Code does.
func TestMatcherIgnoredWithoutName(t *testing.T) {
	r := &runner{answers: map[string]string{"s": `{"decision":"block","reason":"go on"}`}}
	s := New(r, map[string][]Matcher{Stop: {{Pattern: "Bash", Callbacks: []string{"s"}}}}, nil)
	if got := s.Stop(context.Background(), "done", false); got != "go on" {
		t.Errorf("Stop with a matcher = %q", got)
	}
}

// allowedHttpHookUrls and httpHookAllowedEnvVars: every layer that sets
// one narrows it (a wide list in the project file cannot widen the
// managed one); "*" matches any run of characters.
func TestHTTPPolicy(t *testing.T) {
	managed := []string{"https://hooks.example.com/*"}
	wide := []string{"*"}
	vars := []string{"TOKEN"}
	p := HTTPPolicyFromLayers([]Layer{{Source: "managed", AllowedHTTPURLs: &managed},
		{Source: "project", AllowedHTTPURLs: &wide, HTTPEnvVars: &vars}})
	for url, want := range map[string]bool{"https://hooks.example.com/a/b": true, "https://evil.example/x": false,
		"https://hooks.example.com.evil/": false} {
		if got := p.AllowsURL(url); got != want {
			t.Errorf("AllowsURL(%q) = %v", url, got)
		}
	}
	if !p.AllowsEnvVar("TOKEN") || p.AllowsEnvVar("SECRET") {
		t.Error("env var policy")
	}
	if open := HTTPPolicyFromLayers(nil); !open.AllowsURL("http://x/") || !open.AllowsEnvVar("ANY") {
		t.Error("no policy restricts")
	}
}
