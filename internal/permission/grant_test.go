package permission_test

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// A grant allows what its rules name until it is revoked, and no longer.
func TestGrantIsRevoked(t *testing.T) {
	dir := t.TempDir()
	e, errs := permission.New(permission.Config{Mode: permission.ModeDefault, WorkDirs: []string{dir}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	bash := fakeTool("Bash")
	in := json.RawMessage(`{"command":"touch made"}`)
	check := func() tool.PermissionBehavior {
		return e.Check(context.Background(), permission.Request{Tool: bash, Input: in, WorkDir: dir}).Behavior
	}
	if b := check(); b == tool.PermissionAllow {
		t.Fatalf("before the grant: %s", b)
	}
	revoke, errs := e.Grant("/p/.claude/commands/x.md", []string{"Bash(touch:*)", "Bash("})
	if len(errs) != 1 {
		t.Fatalf("want one invalid rule reported, got %v", errs)
	}
	d := e.Check(context.Background(), permission.Request{Tool: bash, Input: in, WorkDir: dir})
	if d.Behavior != tool.PermissionAllow {
		t.Fatalf("granted: %s (%s)", d.Behavior, d.Reason)
	}
	revoke()
	revoke()
	if b := check(); b == tool.PermissionAllow {
		t.Fatalf("after revoke: %s", b)
	}
}
