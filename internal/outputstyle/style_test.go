package outputstyle

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadPrecedence(t *testing.T) {
	root := t.TempDir()
	proj, user := filepath.Join(root, "proj"), filepath.Join(root, "user")
	put := func(p, text string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put(filepath.Join(proj, ".git/HEAD"), "x")
	put(filepath.Join(proj, ".claude/output-styles/mine.md"), "---\ndescription: project\n---\nproject body")
	put(filepath.Join(user, "output-styles/mine.md"), "user body")
	put(filepath.Join(user, "output-styles/learning.md"), "---\nname: Learning\n---\nmy learning")
	put(filepath.Join(user, "output-styles/default.md"), "not allowed to replace default")
	put(filepath.Join(user, "output-styles/empty.md"), "---\nname: e\n---\n")
	put(filepath.Join(root, "secret"), "SECRET")
	if err := os.Symlink(filepath.Join(root, "secret"), filepath.Join(proj, ".claude/output-styles/leak.md")); err != nil {
		t.Fatal(err)
	}
	set, problems := Load(Options{Cwd: proj, UserDir: user})
	if _, ok := set.Lookup("leak"); ok || len(problems) != 2 {
		t.Errorf("problems: %v", problems)
	}
	if st, _ := set.Lookup("MINE"); st.Body != "project body" || st.KeepCodingInstructions {
		t.Errorf("mine: %+v", st)
	}
	if st, _ := set.Lookup("learning"); st.Body != "my learning" || st.BuiltIn {
		t.Errorf("learning: %+v", st)
	}
	if st, _ := set.Lookup("default"); !st.BuiltIn || st.Body != "" {
		t.Errorf("default replaced: %+v", st)
	}
	if st, ok := set.Lookup("Explanatory"); !ok || !st.KeepCodingInstructions || st.Body == "" {
		t.Errorf("explanatory: %+v", st)
	}
}
