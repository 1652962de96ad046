package grep

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// engineCase is one engine the shared tables run against.
type engineCase struct {
	name string
	opts Options
}

// engines are the Go engine, and rg when it is on PATH (required when
// CORVID_REQUIRE_RG is set, as in CI).
func engines(t *testing.T) []engineCase {
	t.Helper()
	list := []engineCase{{"go", Options{RgPath: "-"}}}
	if rg, err := exec.LookPath("rg"); err == nil {
		return append(list, engineCase{"rg", Options{RgPath: rg}})
	}
	if os.Getenv("CORVID_REQUIRE_RG") != "" {
		t.Fatal("rg is required (CORVID_REQUIRE_RG) but not on PATH")
	}
	t.Log("rg not on PATH: only the Go engine is tested")
	return list
}

// base is the modification time of the oldest fixture file; each file is
// one minute newer than the one before it.
var base = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// fixture is the test tree, oldest first: a git repository with ignored,
// hidden, binary and long-line files.
var fixture = [][2]string{
	{".git/HEAD", "ref: refs/heads/main\nhello git\n"},
	{".gitignore", "ignored/\n*.log\n"},
	{"main.go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello world\")\n\t// TODO: greet properly\n}\n"},
	{"util/strings.go", "package util\n\n// Upper returns s in upper case.\nfunc Upper(s string) string { return strings.ToUpper(s) }\n\n// TODO: Lower\n"},
	{"util/strings_test.go", "package util\n\nfunc TestUpper(t *testing.T) {} // hello test\n"},
	{"docs/guide.md", "# Guide\n\nSay hello to the world.\nHELLO again.\nx-y\n"},
	{"web/app.ts", "const hello = 'world';\nexport default hello;\n"},
	{"web/view.tsx", "export const View = () => <div>hello</div>;\n"},
	{"ignored/skip.go", "package ignored // hello\n"},
	{"debug.log", "hello from the log\n"},
	{".hidden/secret.txt", "hello hidden\n"},
	{".env", "HELLO=1\n"},
	{"data.bin", "hello\x00binary\n"},
	{"long.txt", "hello " + strings.Repeat("x", 600) + "\nshort hello\n"},
	{"multi.txt", "start\nfunc Config {\n  a int\n}\nend\nfunc Other {\n}\n"},
	{"crlf.txt", "one hello\r\ntwo\r\n"},
}

func writeTree(t testing.TB, root string, files [][2]string) {
	t.Helper()
	for i, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		mt := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(p, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
}

// cases run against both engines; each golden file is shared by the two,
// so a difference between them fails one.
var cases = []struct {
	name    string
	input   map[string]any
	isError bool
}{
	{"files", map[string]any{"pattern": "hello"}, false},
	{"files_ignore_case", map[string]any{"pattern": "hello", "-i": true}, false},
	{"files_head_limit", map[string]any{"pattern": "hello", "head_limit": 2}, false},
	{"files_offset", map[string]any{"pattern": "hello", "head_limit": 2, "offset": 2}, false},
	{"files_offset_past_end", map[string]any{"pattern": "hello", "offset": 50}, false},
	{"files_none", map[string]any{"pattern": "no such thing"}, false},
	{"glob_name", map[string]any{"pattern": "package", "glob": "*.go"}, false},
	{"glob_braces", map[string]any{"pattern": "hello", "glob": "*.{ts,tsx}"}, false},
	{"glob_list", map[string]any{"pattern": "hello", "glob": "*.ts, *.md"}, false},
	{"glob_exclude", map[string]any{"pattern": "package", "type": "go", "glob": "!*_test.go"}, false},
	{"glob_path", map[string]any{"pattern": "package", "glob": "util/*.go"}, false},
	{"glob_beats_gitignore", map[string]any{"pattern": "hello", "glob": "*.log"}, false},
	{"glob_beats_hidden", map[string]any{"pattern": "HELLO", "glob": ".env"}, false},
	{"type", map[string]any{"pattern": "hello", "type": "md", "-i": true}, false},
	{"path_dir", map[string]any{"pattern": "TODO", "path": "$ROOT/util", "output_mode": "content"}, false},
	{"path_file", map[string]any{"pattern": "hello|TODO", "path": "$ROOT/main.go", "output_mode": "content"}, false},
	{"path_dotdot", map[string]any{"pattern": "TODO", "path": "$ROOT/docs/../util"}, false},
	{"content", map[string]any{"pattern": "hello", "output_mode": "content"}, false},
	{"content_no_numbers", map[string]any{"pattern": "TODO", "output_mode": "content", "-n": false}, false},
	{"content_context", map[string]any{"pattern": "TODO", "output_mode": "content", "-C": 1}, false},
	{"content_context_alias", map[string]any{"pattern": "TODO", "output_mode": "content", "context": 1, "-A": 0}, false},
	{"content_before_after", map[string]any{"pattern": "Config|Other", "output_mode": "content", "-B": 1, "-A": 2, "path": "$ROOT/multi.txt"}, false},
	{"content_only_matching", map[string]any{"pattern": "hel+o \\w+", "output_mode": "content", "-o": true}, false},
	{"content_head_limit", map[string]any{"pattern": "hello", "output_mode": "content", "head_limit": 3, "offset": 1}, false},
	{"content_anchors", map[string]any{"pattern": "^func \\w+|\\bmain\\b", "output_mode": "content"}, false},
	{"content_text_anchor", map[string]any{"pattern": "\\Apackage \\w+\\z", "output_mode": "content"}, false},
	{"content_dash_pattern", map[string]any{"pattern": "-y", "output_mode": "content"}, false},
	{"content_none", map[string]any{"pattern": "no such thing", "output_mode": "content"}, false},
	{"multiline", map[string]any{"pattern": "func Config \\{.*?\\}", "multiline": true, "output_mode": "content"}, false},
	{"multiline_only_matching", map[string]any{"pattern": "Config \\{.*?\\}", "multiline": true, "output_mode": "content", "-o": true}, false},
	{"multiline_count", map[string]any{"pattern": "\\{\\n.*?\\}", "multiline": true, "output_mode": "count"}, false},
	{"count", map[string]any{"pattern": "hello", "output_mode": "count", "-i": true}, false},
	{"count_head_limit", map[string]any{"pattern": "hello", "output_mode": "count", "head_limit": 1}, false},
	{"count_none", map[string]any{"pattern": "no such thing", "output_mode": "count"}, false},
	{"error_regex", map[string]any{"pattern": "func(", "output_mode": "content"}, true},
	{"error_newline", map[string]any{"pattern": "a\\nb"}, true},
	{"error_relative_path", map[string]any{"pattern": "x", "path": "util"}, true},
	{"error_missing_path", map[string]any{"pattern": "x", "path": "$ROOT/nope"}, true},
	{"error_type", map[string]any{"pattern": "x", "type": "golang"}, true},
	{"error_glob", map[string]any{"pattern": "x", "glob": "[a-"}, true},
	{"error_negative", map[string]any{"pattern": "x", "-A": -1}, true},
	{"error_fraction", map[string]any{"pattern": "x", "head_limit": 1.5}, true},
	{"error_mode", map[string]any{"pattern": "x", "output_mode": "lines"}, true},
	{"error_extra", map[string]any{"pattern": "x", "-w": true}, true},
	{"error_binary_file", map[string]any{"pattern": "hello", "path": "$ROOT/data.bin"}, true},
	{"error_device", map[string]any{"pattern": "hello", "path": "/dev/null"}, true},
}

func TestGrep(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, fixture)
	for _, e := range engines(t) {
		t.Run(e.name, func(t *testing.T) {
			tl := New(e.opts)
			if got := tl.(*Tool).eng.name(); got != e.name {
				t.Fatalf("engine %s, want %s", got, e.name)
			}
			for _, tt := range cases {
				t.Run(tt.name, func(t *testing.T) {
					run := tooltest.Call(t, context.Background(), tl, tooltest.Env(root), withRoot(tt.input, root))
					if run.Result.IsError != tt.isError {
						t.Errorf("IsError = %v: %s", run.Result.IsError, run.Text())
					}
					tooltest.Golden(t, tt.name, run.Text(), map[string]string{root: "$ROOT"})
				})
			}
		})
	}
}

// withRoot replaces $ROOT in string values.
func withRoot(in map[string]any, root string) map[string]any {
	out := map[string]any{}
	for k, v := range in {
		if s, ok := v.(string); ok {
			v = strings.ReplaceAll(s, "$ROOT", root)
		}
		out[k] = v
	}
	return out
}

func TestGrepContract(t *testing.T) {
	g := New(Options{RgPath: "-"})
	if g.Name() != "Grep" || !g.IsReadOnly(nil) || !g.IsConcurrencySafe(nil) ||
		g.InterruptBehavior() != tool.Cancel || !strings.Contains(g.Description(), "files_with_matches") {
		t.Errorf("contract: %s read-only %v safe %v interrupt %v", g.Name(), g.IsReadOnly(nil),
			g.IsConcurrencySafe(nil), g.InterruptBehavior())
	}
}
