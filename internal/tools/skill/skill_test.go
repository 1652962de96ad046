package skill

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"corvid/internal/command"
	"corvid/internal/tool"
)

type fakeLoader struct {
	set    *command.Set
	loaded []string
	err    error
}

func (f *fakeLoader) Lookup(name string) (*command.Command, bool) { return f.set.Lookup(name) }
func (f *fakeLoader) Load(_ context.Context, c *command.Command, args string) error {
	f.loaded = append(f.loaded, c.Name+" "+args)
	return f.err
}

func loader() *fakeLoader {
	return &fakeLoader{set: command.NewSet(
		&command.Command{Name: "plain", Body: "x"},
		&command.Command{Name: "granting", Body: "x", AllowedTools: []string{"Bash(git:*)"}, Granted: true},
		&command.Command{Name: "withheld", Body: "x", AllowedTools: []string{"Bash(git:*)"}},
		&command.Command{Name: "private", Body: "x", DisableModelInvocation: true},
	)}
}

func in(s string) json.RawMessage { return json.RawMessage(s) }

// A skill that grants nothing needs no approval; one whose allowed-tools
// would be granted is left to the rules; unknown and user-only skills are
// refused.
func TestCheckPermissions(t *testing.T) {
	sk := New(loader())
	for input, want := range map[string]tool.PermissionBehavior{
		`{"skill":"plain"}`:     tool.PermissionAllow,
		`{"skill":"/plain"}`:    tool.PermissionAllow,
		`{"skill":"withheld"}`:  tool.PermissionAllow,
		`{"skill":"granting"}`:  tool.PermissionPassthrough,
		`{"skill":"private"}`:   tool.PermissionDeny,
		`{"skill":"nosuchone"}`: tool.PermissionDeny,
	} {
		if got := sk.CheckPermissions(context.Background(), in(input)).Behavior; got != want {
			t.Errorf("%s: %s, want %s", input, got, want)
		}
	}
	if err := sk.ValidateInput(context.Background(), in(`{"skill":"nosuchone"}`)); err == nil ||
		!strings.Contains(err.Error(), "Unknown skill: nosuchone") {
		t.Errorf("validate: %v", err)
	}
}

func TestCall(t *testing.T) {
	l := loader()
	sk := New(l)
	res, err := sk.Call(context.Background(), tool.Call{Input: in(`{"skill":"plain","args":"a b"}`)})
	if err != nil || res.IsError || res.TextOf() != "Launching skill: plain" {
		t.Fatalf("%+v %v", res, err)
	}
	if s, ok := res.Structured.(Structured); !ok || !s.Success || s.CommandName != "plain" {
		t.Errorf("structured %+v", res.Structured)
	}
	if len(l.loaded) != 1 || l.loaded[0] != "plain a b" {
		t.Errorf("loaded %q", l.loaded)
	}
	// A refused !`cmd` or a second load is the model's error, not a crash.
	l.err = &command.ShellError{File: "f.md", Pattern: "rm x", Err: command.Denied("no")}
	res, err = sk.Call(context.Background(), tool.Call{Input: in(`{"skill":"plain"}`)})
	if err != nil || !res.IsError || !strings.Contains(res.TextOf(), "permission check failed") {
		t.Errorf("shell error: %+v %v", res, err)
	}
	l.err = errors.Join(ErrLoaded)
	res, _ = sk.Call(context.Background(), tool.Call{Input: in(`{"skill":"plain"}`)})
	if !res.IsError || !strings.Contains(res.TextOf(), "already loaded") {
		t.Errorf("loaded twice: %+v", res)
	}
	res, _ = sk.Call(context.Background(), tool.Call{Input: in(`{"skill":"private"}`)})
	if !res.IsError || len(l.loaded) != 3 {
		t.Errorf("private skill loaded: %+v %q", res, l.loaded)
	}
}
