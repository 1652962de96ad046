package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCommentsAndTrailingCommas(t *testing.T) {
	m := newMachine(t)
	write(t, m.project(), "\xef\xbb\xbf"+`{
	// shared with the team
	"permissions": {
		/* read-only helpers */
		"allow": ["Bash(npm run lint)", "Bash(npm test *)",],
		"deny": ["Read(./.env)",], // secrets
	},
	"model": "sonnet",
}
`)
	s, _ := mustLoad(t, m.opts())
	if diff := cmp.Diff([]string{"Bash(npm run lint)", "Bash(npm test *)"}, texts(s.Allow)); diff != "" {
		t.Errorf("allow (-want +got):\n%s", diff)
	}
	if len(s.Deny) != 1 || s.Model != "sonnet" {
		t.Errorf("deny %v model %q", s.Deny, s.Model)
	}
	if got := string(s.Raw[SourceProject]["model"]); got != `"sonnet"` {
		t.Errorf("raw model %s; want standard JSON", got)
	}
}

func TestMalformedFileSkippedWhole(t *testing.T) {
	cases := []struct {
		name, content string
		line, col     int
		msgContains   string
	}{
		{"missing comma", "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n  \"model\": \"x\"\n}", 3, 3, "invalid character"},
		{"unterminated", "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"model\": \"x", 3, 14, "unexpected EOF"},
		{"bad literal", "{\"permissions\": {\"allow\": [\"Bash(ls)\"]}, \"model\": nope}", 1, 51, "invalid"},
		{"not an object", "\n\n  [\"Bash(ls)\"]", 3, 3, "must be a JSON object"},
		{"unclosed comment", "{\"permissions\": {\"allow\": [\"Bash(ls)\"]}} /* oops", 1, 42, "comment"},
		{"nested too deeply", `{"permissions": {"allow": ["Bash(ls)"]}, "x": ` + strings.Repeat("[", MaxFileSize-100),
			1, 47 + 255, "nested more than 256 levels"},
		{"two documents", "{\"permissions\": {\"allow\": [\"Bash(ls)\"]}}\n{}", 2, 1, "after top-level value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.project(), tc.content)
			write(t, m.user(), `{"permissions": {"deny": ["Bash(rm *)"]}, "model": "user"}`)
			s, problems, _ := Load(m.opts())
			if len(problems) != 1 {
				t.Fatalf("problems %v; want one", problems)
			}
			p := problems[0]
			if p.File != ".claude/settings.json" || p.Line != tc.line || p.Col != tc.col || !contains(p.Msg, tc.msgContains) {
				t.Errorf("problem %q; want .claude/settings.json:%d:%d …%s…", p.Error(), tc.line, tc.col, tc.msgContains)
			}
			if len(s.Allow) != 0 || s.Raw[SourceProject] != nil {
				t.Errorf("a malformed file must not be half applied: allow %v", s.Allow)
			}
			if s.Model != "user" || len(s.Deny) != 1 {
				t.Errorf("the other files must still apply: model %q deny %v", s.Model, s.Deny)
			}
		})
	}
}

func TestWrongTypesSkipOnlyTheKey(t *testing.T) {
	cases := []struct {
		name, content string
		want          []string // problems, formatted
		check         func(t *testing.T, s *Settings)
	}{
		{"allow not an array", "{\n  \"permissions\": {\n    \"allow\": \"Bash(ls)\",\n    \"deny\": [\"Bash(rm *)\"]\n  }\n}",
			[]string{".claude/settings.json:3:14: permissions.allow: want an array of strings; ignored"},
			func(t *testing.T, s *Settings) {
				if len(s.Allow) != 0 || len(s.Deny) != 1 {
					t.Errorf("allow %v deny %v", s.Allow, s.Deny)
				}
			}},
		{"allow with a number", `{"permissions": {"allow": ["Bash(ls)", 3]}, "model": "m"}`,
			[]string{".claude/settings.json:1:27: permissions.allow: want an array of strings; ignored"},
			func(t *testing.T, s *Settings) {
				if len(s.Allow) != 0 || s.Model != "m" {
					t.Errorf("allow %v model %q", s.Allow, s.Model)
				}
			}},
		{"permissions not an object", `{"permissions": ["Bash(ls)"], "model": "m"}`,
			[]string{".claude/settings.json:1:17: permissions: want an object; ignored"},
			func(t *testing.T, s *Settings) {
				if s.Model != "m" {
					t.Errorf("model %q", s.Model)
				}
			}},
		{"bad values", "{\"model\": 5, \"env\": {\"A\": 1, \"B\": \"b\"},\n \"permissions\": {\"defaultMode\": \"yolo\", \"ask\": [\"\"], \"disableBypassPermissionsMode\": \"no\"}}",
			[]string{
				".claude/settings.json:2:49: permissions.ask: empty entry ignored",
				".claude/settings.json:2:33: permissions.defaultMode: unknown mode \"yolo\"; ignored",
				".claude/settings.json:2:86: permissions.disableBypassPermissionsMode: want \"disable\"; ignored",
				".claude/settings.json:1:27: env.A: want a string; ignored",
				".claude/settings.json:1:11: model: want a string; ignored",
			},
			func(t *testing.T, s *Settings) {
				if s.Model != "" || s.DefaultMode != "" || s.DisableBypassPermissionsMode || len(s.Ask) != 0 ||
					len(s.Env) != 1 || s.Env["B"] != "b" {
					t.Errorf("got %+v", s)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.project(), tc.content)
			s, problems, _ := Load(m.opts())
			var got []string
			for _, p := range problems {
				got = append(got, p.Error())
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			tc.check(t, s)
		})
	}
}

func TestEmptyFileIsEmptySettings(t *testing.T) {
	m := newMachine(t)
	write(t, m.project(), " \n")
	write(t, m.user(), "")
	s, _ := mustLoad(t, m.opts())
	if len(s.Raw) != 2 {
		t.Errorf("raw %v", s.Raw)
	}
}

func TestPosition(t *testing.T) {
	data := []byte("ab\ncd\n\nxyz")
	cases := []struct{ offset, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 3, 1}, {7, 4, 1}, {9, 4, 3}, {99, 4, 4}, {-1, 1, 1},
	}
	for _, tc := range cases {
		if l, c := position(data, tc.offset); l != tc.line || c != tc.col {
			t.Errorf("position(%d) = %d:%d; want %d:%d", tc.offset, l, c, tc.line, tc.col)
		}
	}
	if got := (Problem{File: "f", Msg: "m"}).Error(); got != "f: m" {
		t.Errorf("no position: %q", got)
	}
}

func TestTooDeep(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{`{"a": [1, {"b": []}]}`, -1},
		{`{"a": "` + strings.Repeat("[", 300) + `"}`, -1},
		{"{// " + strings.Repeat("[", 300) + "\n}", -1},
		{"{/* " + strings.Repeat("{", 300) + " */}", -1},
		{`{"a\"[": ` + strings.Repeat("[]", 300) + "}", -1},
		{strings.Repeat("[", 256) + strings.Repeat("]", 256), -1},
		{strings.Repeat("[", 257), 256},
		{`"unterminated ` + strings.Repeat("[", 300), -1},
	}
	for _, tc := range cases {
		if got := tooDeep([]byte(tc.in)); got != tc.want {
			t.Errorf("tooDeep(%.40q…) = %d; want %d", tc.in, got, tc.want)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || strings.Contains(s, sub)
}
