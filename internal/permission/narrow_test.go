package permission_test

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// A sub-agent's mode never widens its parent's.
func TestNarrower(t *testing.T) {
	for _, c := range []struct{ have, want, got permission.Mode }{
		{permission.ModeDefault, permission.ModePlan, permission.ModePlan},
		{permission.ModeDefault, permission.ModeBypass, permission.ModeDefault},
		{permission.ModeDefault, permission.ModeAcceptEdits, permission.ModeDefault},
		{permission.ModeAcceptEdits, permission.ModeDefault, permission.ModeDefault},
		{permission.ModeBypass, permission.ModeAcceptEdits, permission.ModeAcceptEdits},
		{permission.ModePlan, permission.ModeDontAsk, permission.ModePlan},
		{permission.ModeDontAsk, permission.ModeBypass, permission.ModeDontAsk},
		{permission.ModePlan, "", permission.ModePlan},
		{permission.ModeDefault, "nonsense", permission.ModeDefault},
	} {
		if got := permission.Narrower(c.have, c.want); got != c.got {
			t.Errorf("permission.Narrower(%s, %s) = %s, want %s", c.have, c.want, got, c.got)
		}
	}
}

// A narrowed checker keeps the engine's rules and follows its live mode:
// plan refuses a write the acceptEdits parent would allow, and a parent
// that drops to plan is not widened by a child asking for acceptEdits.
func TestNarrowedChecker(t *testing.T) {
	dir := t.TempDir()
	e, errs := permission.New(permission.Config{Tools: permission.TestTools(), Mode: permission.ModeAcceptEdits, WorkDirs: []string{dir}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	write := fakeTool("Write")
	req := permission.Request{Tool: write, Input: json.RawMessage(`{"file_path":"` + dir + `/a.txt","content":"x"}`), WorkDir: dir}
	if d := e.Check(context.Background(), req); d.Behavior != tool.PermissionAllow {
		t.Fatalf("parent: %+v, want allow in acceptEdits", d)
	}
	if d := e.Narrow(permission.ModePlan).Check(context.Background(), req); d.Behavior != tool.PermissionDeny {
		t.Fatalf("plan child: %+v, want deny", d)
	}
	child := e.Narrow(permission.ModeAcceptEdits)
	e.SetMode(permission.ModePlan)
	if d := child.Check(context.Background(), req); d.Behavior != tool.PermissionDeny {
		t.Fatalf("child after the parent went to plan: %+v, want deny", d)
	}
}
