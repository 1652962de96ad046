package permission_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

func TestInvalidRules(t *testing.T) {
	tests := []struct {
		behavior, rule string
		wantErr        string // "" means valid
	}{
		{"allow", "Bash", ""},
		{"allow", "Bash(*)", ""},
		{"allow", "Bash(npm run test:*)", ""},
		{"allow", "Bash(echo \\(x\\))", ""},
		{"deny", "mcp__*", ""},
		{"deny", "*", ""},
		{"allow", "mcp__github__*", ""},
		{"allow", "Task(Explore)", ""},
		{"deny", "KillBash", ""},
		{"deny", "Bash(run_in_background:true)", ""},
		{"deny", "Write(./x)", ""},
		{"allow", "", "empty rule"},
		{"allow", "   ", "empty rule"},
		{"allow", "Bash(npm run test", "unbalanced"},
		{"allow", "Bash)", "unbalanced"},
		{"allow", "Bash(a))", "unbalanced"},
		{"allow", "Bash()", "empty specifier"},
		{"allow", "Bash( )", "empty specifier"},
		{"allow", "bash(ls)", "case-sensitive"},
		{"allow", "Bash (ls)", "invalid character"},
		{"allow", "Read(~user/x)", "unknown anchor"},
		{"allow", "Read($HOME/x)", "variables"},
		{"allow", "Read(src/**/../x)", `".."`},
		{"allow", "WebFetch(example.com)", "domain:"},
		{"allow", "WebFetch(domain:https://x.com/)", "host name"},
		{"allow", "mcp__*", "wildcard"},
		{"allow", "*", "wildcard"},
		{"allow", "mcp__gh*", "wildcard"},
		{"deny", "mcp__*(x)", "specifier"},
		{"allow", "Bash(run_in_background:true)", "deny and ask only"},
		{"allow", "Write(./x)", "Edit(...)"},
		{"allow", "Glob(./x)", "Read(...)"},
		{"allow", "WebSearch(foo)", "no specifier"},
	}
	for _, tt := range tests {
		rs := []permission.RuleSource{{Text: tt.rule, Source: "project", File: "/p/.claude/settings.json"}}
		cfg := permission.Config{Tools: permission.TestTools(), WorkDirs: []string{t.TempDir()}, Home: t.TempDir()}
		switch tt.behavior {
		case "allow":
			cfg.Allow = rs
		case "deny":
			cfg.Deny = rs
		}
		_, errs := permission.New(cfg)
		switch {
		case tt.wantErr == "" && len(errs) > 0:
			t.Errorf("%s %q: unexpected error %v", tt.behavior, tt.rule, errs[0])
		case tt.wantErr != "" && len(errs) != 1:
			t.Errorf("%s %q: got %d errors, want 1 mentioning %q", tt.behavior, tt.rule, len(errs), tt.wantErr)
		case tt.wantErr != "":
			msg := errs[0].Error()
			var re *permission.RuleError
			if !strings.Contains(msg, tt.wantErr) || !strings.Contains(msg, "/p/.claude/settings.json") ||
				!errors.As(errs[0], &re) {
				t.Errorf("%s %q: error %q should be a RuleError naming the file and %q", tt.behavior, tt.rule, msg, tt.wantErr)
			}
		}
	}
}

// fakeAsker answers every question with the same answer and records
// the questions.
type fakeAsker struct {
	mu        sync.Mutex
	answer    permission.Answer
	err       error
	questions []permission.Question
}

func (a *fakeAsker) Ask(_ context.Context, q permission.Question) (permission.Answer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.questions = append(a.questions, q)
	return a.answer, a.err
}

func bashRequest(command string) permission.Request {
	in, _ := json.Marshal(map[string]string{"command": command})
	return permission.Request{Tool: fakeTool("Bash"), ToolUseID: "toolu_1", Input: in}
}

func TestAskerAnswers(t *testing.T) {
	w := newWorld(t)
	var saved []string
	asker := &fakeAsker{answer: permission.AnswerAlways}
	e, errs := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home, Asker: asker,
		Persist: func(rule string) error { saved = append(saved, rule); return nil }})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ctx := context.Background()
	d := e.Check(ctx, bashRequest("npm run test --watch && make build"))
	if d.Behavior != tool.PermissionAllow {
		t.Fatalf("always: got %+v", d)
	}
	want := []string{"Bash(npm run test *)", "Bash(make build *)"}
	if got := asker.questions[0].Suggestions; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("suggestions = %q, want %q", got, want)
	}
	if fmt.Sprint(saved) != fmt.Sprint(want) {
		t.Errorf("persisted %q, want %q", saved, want)
	}
	asker.answer = permission.AnswerNo
	if d := e.Check(ctx, bashRequest("npm run test")); d.Behavior != tool.PermissionAllow {
		t.Errorf("after always, npm run test should be allowed by the session rule: %+v", d)
	}
	if d := e.Check(ctx, bashRequest("npm run lint")); d.Behavior != tool.PermissionDeny || d.Interrupt ||
		!strings.Contains(d.Message, "refused") {
		t.Errorf("answer no: got %+v, want deny without interrupt", d)
	}
	asker.answer = permission.AnswerOnce
	if d := e.Check(ctx, bashRequest("npm run lint")); d.Behavior != tool.PermissionAllow {
		t.Errorf("answer once: got %+v", d)
	}
	asker.answer = permission.AnswerNo
	if d := e.Check(ctx, bashRequest("npm run lint")); d.Behavior != tool.PermissionDeny {
		t.Errorf("once must not be remembered: got %+v", d)
	}
	asker.err = errors.New("tui closed")
	if d := e.Check(ctx, bashRequest("npm run lint")); d.Behavior != tool.PermissionDeny ||
		!strings.Contains(d.Message, "tui closed") {
		t.Errorf("asker error: got %+v", d)
	}
}

func TestAlwaysSuggestions(t *testing.T) {
	w := newWorld(t)
	tests := []struct {
		toolName, input string
		want            []string
		persisted       bool
	}{
		{"Bash", `{"command":"a1 x; a2 x; a3 x; a4 x; a5 x; a6 x"}`,
			[]string{"Bash(a1 x *)", "Bash(a2 x *)", "Bash(a3 x *)", "Bash(a4 x *)", "Bash(a5 x *)"}, true},
		{"Bash", `{"command":"rm -rf build"}`, []string{"Bash(rm -rf build)"}, true},
		{"Bash", `{"command":"python3 -c 'print(1)'"}`, []string{`Bash(python3 -c 'print\(1\)')`}, true},
		{"Bash", `{"command":"git commit -m wip"}`, []string{"Bash(git commit *)"}, true},
		{"Bash", `{"command":"ls *.go | xargs wc -l"}`, nil, false},
		{"WebFetch", `{"url":"https://Docs.Example.org/x"}`, []string{"WebFetch(domain:docs.example.org)"}, true},
		{"Edit", `{"file_path":"` + w.repo + `/src/main.go"}`, []string{"Edit(/" + w.repo + "/**)"}, false},
		{"Read", `{"file_path":"` + w.out + `/data.txt"}`, []string{"Read(/" + w.out + "/**)"}, false},
		{"mcp__s__t", `{}`, []string{"mcp__s__t"}, false},
	}
	for _, tt := range tests {
		var saved []string
		asker := &fakeAsker{answer: permission.AnswerAlways}
		e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home, Asker: asker,
			Persist: func(rule string) error { saved = append(saved, rule); return nil }})
		d := e.Check(context.Background(), permission.Request{Tool: fakeTool(tt.toolName), Input: json.RawMessage(tt.input)})
		if d.Behavior != tool.PermissionAllow || len(asker.questions) != 1 {
			t.Errorf("%s %s: got %+v after %d questions", tt.toolName, tt.input, d, len(asker.questions))
			continue
		}
		if got := asker.questions[0].Suggestions; fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %s: suggestions %q, want %q", tt.toolName, tt.input, got, tt.want)
		}
		if tt.persisted != (len(saved) > 0) {
			t.Errorf("%s %s: persisted %q, want persisted=%v", tt.toolName, tt.input, saved, tt.persisted)
		}
		again := e.Check(context.Background(), permission.Request{Tool: fakeTool(tt.toolName), Input: json.RawMessage(tt.input)})
		if len(tt.want) > 0 && len(tt.want) < 5 && (again.Behavior != tool.PermissionAllow || len(asker.questions) != 1) {
			t.Errorf("%s %s: the same call after always asked again or failed: %+v", tt.toolName, tt.input, again)
		}
	}
}

func TestNobodyToAsk(t *testing.T) {
	w := newWorld(t)
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home})
	d := e.Check(context.Background(), bashRequest("make install"))
	if d.Behavior != tool.PermissionDeny || d.Interrupt {
		t.Fatalf("got %+v, want a deny", d)
	}
	for _, want := range []string{"corvid needs permission to run `make install`, which has not been granted",
		"not read-only"} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q lacks %q", d.Message, want)
		}
	}
	in := json.RawMessage(`{"file_path":"` + w.repo + `/src/main.go"}`)
	d = e.Check(context.Background(), permission.Request{Tool: fakeTool("Write"), Input: in})
	if !strings.Contains(d.Message, "permission to write to "+w.repo+"/src/main.go") {
		t.Errorf("Write message %q should name the path", d.Message)
	}
}

func TestHookAndToolVerdicts(t *testing.T) {
	w := newWorld(t)
	cfg := w.config(t, []string{"deny project Bash(rm -rf *)", "ask project Bash(git push *)",
		"allow project Bash(npm run *)"}, permission.ModeDefault)
	e, _ := permission.New(cfg)
	updated := json.RawMessage(`{"command":"npm run build"}`)
	tests := []struct {
		name    string
		command string
		hook    tool.PermissionBehavior
		check   tool.PermissionResult
		want    tool.PermissionBehavior
		updated json.RawMessage
	}{
		{"hook deny beats an allow rule", "npm run x", tool.PermissionDeny, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"hook allow skips the prompt", "make install", tool.PermissionAllow, tool.PermissionResult{}, tool.PermissionAllow, nil},
		{"hook allow does not beat a deny rule", "rm -rf x", tool.PermissionAllow, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"hook allow does not beat an ask rule", "git push", tool.PermissionAllow, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"hook allow does not beat a protected path", "echo x > .git/config", tool.PermissionAllow, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"hook allow does not beat a critical rm", "rm -r /", tool.PermissionAllow, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"hook ask is an ask", "npm run x", tool.PermissionAsk, tool.PermissionResult{}, tool.PermissionDeny, nil},
		{"tool deny", "npm run x", "", tool.PermissionResult{Behavior: tool.PermissionDeny, Message: "no"}, tool.PermissionDeny, nil},
		{"tool ask", "npm run x", "", tool.PermissionResult{Behavior: tool.PermissionAsk}, tool.PermissionDeny, nil},
		{"tool allow settles a mode prompt", "make", "", tool.PermissionResult{Behavior: tool.PermissionAllow}, tool.PermissionAllow, nil},
		{"tool allow does not beat a rule", "git push", "", tool.PermissionResult{Behavior: tool.PermissionAllow}, tool.PermissionDeny, nil},
		{"updated input is what is checked", "rm -rf x", "", tool.PermissionResult{Behavior: tool.PermissionPassthrough, UpdatedInput: updated}, tool.PermissionAllow, updated},
		{"updated input cannot smuggle", "npm run x", "", tool.PermissionResult{UpdatedInput: json.RawMessage(`{"command":"rm -rf x"}`)}, tool.PermissionDeny, nil},
	}
	for _, tt := range tests {
		req := bashRequest(tt.command)
		req.Hook, req.ToolCheck = tt.hook, tt.check
		d := e.Check(context.Background(), req)
		if d.Behavior != tt.want || d.Reason == "" || string(d.UpdatedInput) != string(tt.updated) {
			t.Errorf("%s: got %+v, want %s with updated input %s", tt.name, d, tt.want, tt.updated)
		}
		if d.Behavior == tool.PermissionDeny && d.Message == "" {
			t.Errorf("%s: deny without message", tt.name)
		}
	}
}

func TestDecisionNamesRule(t *testing.T) {
	w := newWorld(t)
	e, _ := permission.New(w.config(t, []string{"deny project Bash(rm *)"}, permission.ModeDefault))
	d := e.Explain("Bash", json.RawMessage(`{"command":"ls && rm -rf build"}`))
	want := "Bash subcommand `rm -rf build` matched deny rule Bash(rm *) from " + w.repo +
		"/.claude/settings.json (project settings)"
	if d.Behavior != tool.PermissionDeny || d.Reason != want || d.Rule != "Bash(rm *)" ||
		d.Source != w.repo+"/.claude/settings.json (project settings)" {
		t.Errorf("got %+v\nwant reason %q", d, want)
	}
	if !strings.Contains(d.Message, "rm -rf build") {
		t.Errorf("message %q should name the command", d.Message)
	}
}

func TestSetModeAndCwd(t *testing.T) {
	w := newWorld(t)
	cwd := w.repo
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home,
		Cwd: func() string { return cwd }})
	in := json.RawMessage(`{"command":"cat ../notes.txt"}`)
	if d := e.Explain("Bash", in); d.Behavior != tool.PermissionAsk {
		t.Errorf("from the repository, ../notes.txt is outside: %+v", d)
	}
	cwd = w.repo + "/src"
	if d := e.Explain("Bash", in); d.Behavior != tool.PermissionAllow {
		t.Errorf("from src, ../notes.txt is inside: %+v", d)
	}
	e.SetMode(permission.ModePlan)
	if d := e.Explain("Bash", json.RawMessage(`{"command":"make"}`)); d.Behavior != tool.PermissionDeny || e.Mode() != permission.ModePlan {
		t.Errorf("after SetMode(plan): %+v", d)
	}
}

func TestConcurrentChecks(t *testing.T) {
	w := newWorld(t)
	asker := &fakeAsker{answer: permission.AnswerAlways}
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home, Asker: asker})
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			for j := range 20 {
				d := e.Check(context.Background(), bashRequest(fmt.Sprintf("tool%d sub%d", i, j)))
				if d.Behavior != tool.PermissionAllow {
					t.Errorf("got %+v", d)
				}
				e.Explain("Read", json.RawMessage(`{"file_path":"`+w.repo+`/notes.txt"}`))
			}
		})
	}
	wg.Wait()
}

func TestGitInBareRepository(t *testing.T) {
	w := newWorld(t)
	bare := w.repo + "/vendor/evil.git"
	for _, d := range []string{bare + "/objects", bare + "/refs", bare + "/sub"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(bare+"/HEAD", []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cwd := w.repo
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home,
		Cwd: func() string { return cwd }})
	status := json.RawMessage(`{"command":"git status"}`)
	for _, tt := range []struct {
		cwd  string
		want tool.PermissionBehavior
	}{{w.repo, tool.PermissionAllow}, {w.repo + "/src", tool.PermissionAllow},
		{bare, tool.PermissionAsk}, {bare + "/sub", tool.PermissionAsk}} {
		cwd = tt.cwd
		if d := e.Explain("Bash", status); d.Behavior != tt.want {
			t.Errorf("git status in %s: %+v, want %s", tt.cwd, d, tt.want)
		}
	}
}
