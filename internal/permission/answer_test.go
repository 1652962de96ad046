package permission_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"corvid/internal/permission"
	"corvid/internal/tool"
)

// An Answer carries more than yes/no: a replacement input, a message for
// the model, an interrupt, and rules kept where the answer says.
func TestAnswerStruct(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var saved []string
	asker := &fakeAsker{}
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home, Asker: asker,
		Persist: func(rule string) error { saved = append(saved, rule); return nil }})

	asker.answer = permission.Answer{Allow: true, UpdatedInput: json.RawMessage(`{"command":"npm run safe"}`)}
	d := e.Check(ctx, bashRequest("npm run lint"))
	if d.Behavior != tool.PermissionAllow || string(d.UpdatedInput) != `{"command":"npm run safe"}` {
		t.Errorf("allow with updatedInput: got %+v", d)
	}
	asker.answer = permission.Answer{Message: "use make instead", Interrupt: true}
	d = e.Check(ctx, bashRequest("npm run lint"))
	if d.Behavior != tool.PermissionDeny || d.Message != "use make instead" || !d.Interrupt {
		t.Errorf("deny with message and interrupt: got %+v", d)
	}
	asker.answer = permission.Answer{Allow: true, Rules: []string{"Bash(npm run lint)"}, Destination: permission.DestProjectSettings}
	if d = e.Check(ctx, bashRequest("npm run lint")); d.Behavior != tool.PermissionAllow || len(saved) != 0 {
		t.Errorf("rules for projectSettings: got %+v, saved %q; want allowed, kept for the session only", d, saved)
	}
	asker.answer = permission.Answer{Allow: true, Rules: []string{"Bash(make *)"}, Destination: permission.DestLocalSettings}
	e.Check(ctx, bashRequest("make x"))
	if fmt.Sprint(saved) != "[Bash(make *)]" {
		t.Errorf("rules for localSettings: saved %q", saved)
	}
	asker.answer = permission.AnswerNo
	n := len(asker.questions)
	for _, cmd := range []string{"npm run lint", "make y"} {
		if d := e.Check(ctx, bashRequest(cmd)); d.Behavior != tool.PermissionAllow {
			t.Errorf("%s after its rule was added: %+v", cmd, d)
		}
	}
	if len(asker.questions) != n {
		t.Errorf("asked again for calls the added rules allow")
	}
}
