package permission

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/tool"
)

// A call's WorkDir (the directory Bash has cd'd into) is where relative
// paths in its command resolve.
func TestRequestWorkDirResolvesRelativePaths(t *testing.T) {
	repo := t.TempDir()
	sub := filepath.Join(repo, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	eng, errs := New(Config{Tools: testTools(), Mode: ModeDefault, WorkDirs: []string{repo}, Home: t.TempDir(),
		Deny: []RuleSource{{Text: "Read(//" + filepath.Join(sub, "secret.txt")[1:] + ")", Source: SourceUser}}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	bash := &tool.Func{ToolName: "Bash"}
	in, _ := json.Marshal(map[string]string{"command": "cat secret.txt"})
	check := func(workDir string) Decision {
		return eng.Check(t.Context(), Request{Tool: bash, Input: in, WorkDir: workDir})
	}
	if d := check(sub); d.Behavior != tool.PermissionDeny {
		t.Fatalf("in sub/: %s (%s), want deny", d.Behavior, d.Reason)
	}
	if d := check(repo); d.Behavior == tool.PermissionDeny {
		t.Fatalf("in the launch dir, secret.txt is another file: %s (%s)", d.Behavior, d.Reason)
	}
}
