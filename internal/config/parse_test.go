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

// A malformed file fails the load: its deny and ask rules are unknown,
// so no settings are returned (the run stops), and the failure names the
// file and the position.
func TestMalformedFileFailsTheLoad(t *testing.T) {
	cases := []struct {
		name, content string
		line, col     int
		msgContains   string
	}{
		{"missing comma", "{\n  \"permissions\": {\"deny\": [\"Bash\"]}\n  \"model\": \"x\"\n}", 3, 3, "invalid character"},
		{"unterminated", "{\n  \"permissions\": {\"deny\": [\"Bash\"]},\n  \"model\": \"x", 3, 14, "unexpected EOF"},
		{"bad literal", "{\"permissions\": {\"deny\": [\"Bash\"]}, \"model\": nope}", 1, 46, "invalid"},
		{"not an object", "\n\n  [\"Bash(ls)\"]", 3, 3, "must be a JSON object"},
		{"unclosed comment", "{\"permissions\": {\"deny\": [\"Bash\"]}} /* oops", 1, 37, "comment"},
		{"nested too deeply", `{"permissions": {"deny": ["Bash"]}, "x": ` + strings.Repeat("[", MaxFileSize-100),
			1, 42 + 255, "nested more than 256 levels"},
		{"two documents", "{\"permissions\": {\"deny\": [\"Bash\"]}}\n{}", 2, 1, "after top-level value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.project(), tc.content)
			write(t, m.user(), `{"permissions": {"deny": ["Bash(rm *)"]}, "model": "user"}`)
			s, _, _, err := Load(m.opts())
			f := oneFailure(t, s, err)
			if f.File != ".claude/settings.json" || f.Path != m.project() || f.Source != SourceProject ||
				f.Line != tc.line || f.Col != tc.col || !contains(f.Msg, tc.msgContains) {
				t.Errorf("failure %+v; want .claude/settings.json:%d:%d …%s…", f, tc.line, tc.col, tc.msgContains)
			}
		})
	}
}

func TestWrongTypes(t *testing.T) {
	cases := []struct {
		name, content string
		want          []string // warnings, formatted
		check         func(t *testing.T, s *Settings)
	}{
		{"allow not an array", "{\n  \"permissions\": {\n    \"allow\": \"Bash(ls)\",\n    \"deny\": [\"Bash(rm *)\"]\n  }\n}",
			[]string{".claude/settings.json:3:14: permissions.allow: want an array of strings; ignored"},
			func(t *testing.T, s *Settings) {
				if len(s.Allow) != 0 || len(s.Deny) != 1 {
					t.Errorf("allow %v deny %v", s.Allow, s.Deny)
				}
			}},
		{"allow with a number", `{"permissions": {"allow": ["Bash(ls)", 3], "ask": ["Edit"]}, "model": "m"}`,
			[]string{".claude/settings.json:1:27: permissions.allow: want an array of strings; ignored"},
			func(t *testing.T, s *Settings) {
				if len(s.Allow) != 0 || s.Model != "m" || len(s.Ask) != 1 {
					t.Errorf("allow %v ask %v model %q", s.Allow, s.Ask, s.Model)
				}
			}},
		{"bad values", "{\"model\": 5, \"env\": {\"A\": 1, \"B\": \"b\"},\n \"permissions\": {\"ask\": [\"\"], " +
			"\"additionalDirectories\": \"/\"}}",
			[]string{
				".claude/settings.json:2:26: permissions.ask: empty entry ignored",
				".claude/settings.json:2:56: permissions.additionalDirectories: want an array of strings; ignored",
				".claude/settings.json:1:27: env.A: want a string; ignored",
				".claude/settings.json:1:11: model: want a string; ignored",
			},
			func(t *testing.T, s *Settings) {
				if s.Model != "" || len(s.Ask) != 0 || len(s.AdditionalDirectories) != 0 ||
					len(s.Env) != 1 || s.Env["B"] != "b" {
					t.Errorf("got %+v", s)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.project(), tc.content)
			s, problems, _, err := Load(m.opts())
			if err != nil {
				t.Fatal(err)
			}
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

// A policy key whose loss could widen what is allowed fails the load
// when it has the wrong shape; so does one written twice, of which JSON
// would keep only the last.
func TestPolicyKeysOfTheWrongTypeFailTheLoad(t *testing.T) {
	cases := []struct{ name, content, want string }{
		{"permissions not an object", `{"permissions": ["Bash"], "model": "m"}`,
			".claude/settings.json:1:17: permissions: want an object"},
		{"deny a string", "{\"permissions\": {\"allow\": [\"Edit\"],\n \"deny\": \"Bash\"}}",
			".claude/settings.json:2:10: permissions.deny: want an array of strings"},
		{"deny with a number", `{"permissions": {"allow": ["Edit"], "deny": ["Bash", 3]}}`,
			".claude/settings.json:1:45: permissions.deny: want an array of strings"},
		{"ask an object", `{"permissions": {"ask": {"Bash": true}}}`,
			".claude/settings.json:1:25: permissions.ask: want an array of strings"},
		{"unknown mode", `{"permissions": {"defaultMode": "yolo"}}`,
			`.claude/settings.json:1:33: permissions.defaultMode: unknown mode "yolo"`},
		{"mode a number", `{"permissions": {"defaultMode": 1}}`,
			".claude/settings.json:1:33: permissions.defaultMode: want a string"},
		{"disable bypass misspelt", `{"permissions": {"disableBypassPermissionsMode": "no"}}`,
			`.claude/settings.json:1:50: permissions.disableBypassPermissionsMode: want "disable"`},
		{"deny twice", `{"permissions": {"deny": ["Bash"], "allow": ["Edit"], "deny": []}}`,
			".claude/settings.json:1:26: permissions.deny: key written twice (JSON would keep only the last)"},
		{"permissions twice", `{"permissions": {"deny": ["Bash"]}, "permissions": {"allow": ["Bash"]}}`,
			".claude/settings.json:1:17: permissions: key written twice (JSON would keep only the last)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine(t)
			write(t, m.project(), tc.content)
			s, _, _, err := Load(m.opts())
			if f := oneFailure(t, s, err); f.Error() != tc.want {
				t.Errorf("failure %q; want %q", f.Error(), tc.want)
			}
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
