package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/tool"
	"corvid/internal/tools/notebookedit"
	"corvid/internal/tools/write"
)

// The calls checkpointed are those of the tools that describe themselves
// as edit tools with an access path, and only with an absolute path;
// a tool named like one but of another kind is not.
func TestCheckpointsFollowTheToolsOwnDescription(t *testing.T) {
	dir := t.TempDir()
	var c checkpoints
	if err := c.store.Open(filepath.Join(dir, "ckpt")); err != nil {
		t.Fatal(err)
	}
	c.store.Begin("prompt:1")
	file, nb := filepath.Join(dir, "a.txt"), filepath.Join(dir, "n.ipynb")
	impostor := filepath.Join(dir, "b.txt")
	for _, p := range []string{file, nb, impostor} {
		if err := os.WriteFile(p, []byte("before\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	input := func(k, v string) json.RawMessage { b, _ := json.Marshal(map[string]string{k: v}); return b }
	env := tool.Env{WorkDir: dir}
	c.beforeCall(write.New(nil), tool.Call{Input: input("file_path", file), Env: env})
	c.beforeCall(notebookedit.New(nil), tool.Call{Input: input("notebook_path", nb), Env: env})
	c.beforeCall(write.New(nil), tool.Call{Input: input("file_path", "rel.txt"), Env: env})
	c.beforeCall(&tool.Func{ToolName: "Edit"}, tool.Call{Input: input("file_path", impostor), Env: env})
	for _, p := range []string{file, nb, impostor} {
		if err := os.WriteFile(p, []byte("after\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]bool{}
	for _, ch := range c.store.Changes([]string{"prompt:1"}) {
		got[ch.Path] = true
	}
	if len(got) != 2 || !got[file] || !got[nb] {
		t.Fatalf("checkpointed %v, want exactly %s and %s", got, file, nb)
	}
}
