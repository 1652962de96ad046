package app

import (
	"bytes"
	"strings"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

func TestDebugEnabled(t *testing.T) {
	cases := []struct {
		filter string
		want   bool
	}{
		{"", false}, {"all", true}, {"permissions", true}, {"api, permissions", true},
		{"api", false}, {"all,!permissions", false}, {"all,!api", true}, {"!api", true},
		{"!permissions", false}, {" , ", false}, {"hooks", false},
	}
	for _, c := range cases {
		if got := debugEnabled(c.filter, "permissions"); got != c.want {
			t.Errorf("debugEnabled(%q) = %v, want %v", c.filter, got, c.want)
		}
	}
}

func TestUnknownDebugCategories(t *testing.T) {
	got := UnknownDebugCategories("api, hooks,!statsig,all,permissions")
	if strings.Join(got, ",") != "statsig" { // hooks logs since issue 13
		t.Fatalf("UnknownDebugCategories = %q", got)
	}
}

func TestPermissionDecisionsAreLogged(t *testing.T) {
	var buf bytes.Buffer
	gate := withDebug(Options{Debug: "permissions", Stderr: &buf}, permission.AllowAll{})
	d := gate.Check(t.Context(), permission.Request{Tool: &tool.Func{ToolName: "Read"}, ToolUseID: "toolu_1"})
	if d.Behavior != tool.PermissionAllow || !strings.Contains(buf.String(), "[permissions] Read toolu_1 allow: ") {
		t.Fatalf("decision %v, log %q", d.Behavior, buf.String())
	}
	if _, wrapped := withDebug(Options{Stderr: &buf}, permission.AllowAll{}).(*loggedChecker); wrapped {
		t.Fatal("no --debug: the gate must not be wrapped")
	}
}
