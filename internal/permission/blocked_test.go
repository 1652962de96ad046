package permission_test

import (
	"context"
	"encoding/json"
	"testing"

	"corvid/internal/permission"
)

// A command's question about a path outside the working directories names
// that path (the host's blocked_path), as Claude Code 2.1.332 does for
// `cat /etc/hostname`; a file tool's question does not (Claude Code says
// "outside" in its reason instead), nor does a question about a path
// inside.
func TestQuestionBlockedPath(t *testing.T) {
	w := newWorld(t)
	asker := &fakeAsker{answer: permission.AnswerNo}
	e, _ := permission.New(permission.Config{Tools: permission.TestTools(), WorkDirs: []string{w.repo}, Home: w.home, Asker: asker})
	ctx := context.Background()
	outside := w.out + "/data.txt"
	for _, tc := range []struct {
		req  permission.Request
		want string
	}{
		{bashRequest("cat " + outside), outside},
		{bashRequest("cat src/main.go && cat " + outside), outside},
		{bashRequest("npm run lint"), ""},
		{permission.Request{Tool: fakeTool("Read"), ToolUseID: "toolu_r",
			Input: json.RawMessage(`{"file_path":"` + outside + `"}`)}, ""},
	} {
		n := len(asker.questions)
		e.Check(ctx, tc.req)
		if len(asker.questions) != n+1 {
			t.Errorf("%s: not asked", tc.req.Input)
			continue
		}
		if q := asker.questions[n]; q.BlockedPath != tc.want {
			t.Errorf("%s: BlockedPath = %q, want %q (reason %q)", tc.req.Input, q.BlockedPath, tc.want, q.Reason)
		}
	}
}
