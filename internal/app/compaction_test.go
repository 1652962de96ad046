package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/tools/todowrite"
)

func TestCompactionSettings(t *testing.T) {
	cases := []struct {
		name     string
		env      envMap
		settings string
		check    func(t *testing.T, disabled, all bool, pct, window int)
	}{
		{"defaults", creds, "", func(t *testing.T, d, a bool, p, w int) {
			if d || a || p != 0 || w != 0 {
				t.Errorf("got %v %v %d %d", d, a, p, w)
			}
		}},
		{"env", creds.with("DISABLE_AUTO_COMPACT", "1", "DISABLE_COMPACT", "true",
			"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "50", "CLAUDE_CODE_AUTO_COMPACT_WINDOW", "150000"), "",
			func(t *testing.T, d, a bool, p, w int) {
				if !d || !a || p != 50 || w != 150000 {
					t.Errorf("got %v %v %d %d", d, a, p, w)
				}
			}},
		{"settings", creds, `{"autoCompactEnabled": false, "autoCompactWindow": 300000}`,
			func(t *testing.T, d, a bool, p, w int) {
				if !d || a || w != 300000 {
					t.Errorf("got %v %v %d %d", d, a, p, w)
				}
			}},
		{"env window wins over settings", creds.with("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "120000"),
			`{"autoCompactWindow": 300000}`, func(t *testing.T, d, a bool, p, w int) {
				if w != 120000 {
					t.Errorf("window %d", w)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := baseOptions(c.env.with("CORVID_CONFIG_DIR", t.TempDir()))
			opts.SettingsFlag = c.settings
			s := mustConfigure(t, opts).Compaction.Settings
			c.check(t, s.Disabled, s.DisabledAll, s.PctOverride, s.Window)
		})
	}
}

func TestCarryRereadsRecentFilesAndTodos(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat("y", carryFileBytes+100)), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := baseOptions(creds.with("CORVID_CONFIG_DIR", t.TempDir()))
	opts.Cwd = dir
	s, err := configure(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if err := s.kit.files.RecordFile(path, false, 0, 0); err != nil {
		t.Fatal(err)
	}
	s.kit.todos.Replace(todoItems("ship it"))
	carry := s.engine.Carry()
	if len(carry.Files) != 1 || carry.Files[0].Path != path || !strings.Contains(carry.Files[0].Content, "[… cut") ||
		len(carry.Files[0].Content) > carryFileBytes+100 {
		t.Errorf("files carried: %+v", carry.Files)
	}
	if !strings.Contains(carry.Todos, "ship it") {
		t.Errorf("todos carried: %q", carry.Todos)
	}
}

func todoItems(contents ...string) []todowrite.Todo {
	var out []todowrite.Todo
	for _, c := range contents {
		out = append(out, todowrite.Todo{Content: c, Status: todowrite.StatusPending, ActiveForm: c})
	}
	return out
}
