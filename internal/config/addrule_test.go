package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAddRuleEditsInPlace(t *testing.T) {
	const rule = "Bash(npm test *)"
	cases := []struct {
		name, kind, before, after string
	}{
		{"comments and trailing commas kept", "allow",
			"{\n  // team settings\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // listing\n    ],\n  },\n  \"model\": \"sonnet\" /* pinned */\n}\n",
			"{\n  // team settings\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // listing\n      \"Bash(npm test *)\",\n    ],\n  },\n  \"model\": \"sonnet\" /* pinned */\n}\n"},
		{"line comment after the last rule", "allow",
			"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\" // listing\n    ]\n  }\n}\n",
			"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // listing\n      \"Bash(npm test *)\"\n    ]\n  }\n}\n"},
		{"new array in existing permissions", "deny",
			"{\n\t\"permissions\": {\n\t\t\"allow\": [\"Bash(ls)\"]\n\t}\n}\n",
			"{\n\t\"permissions\": {\n\t\t\"allow\": [\"Bash(ls)\"],\n\t\t\"deny\": [\n\t\t\t\"Bash(npm test *)\"\n\t\t]\n\t}\n}\n"},
		{"new permissions object", "ask",
			"{\n  \"model\": \"x\"\n}\n",
			"{\n  \"model\": \"x\",\n  \"permissions\": {\n    \"ask\": [\n      \"Bash(npm test *)\"\n    ]\n  }\n}\n"},
		{"empty multi-line array", "allow",
			"{\n  \"permissions\": {\n    \"allow\": [\n    ]\n  }\n}\n",
			"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm test *)\"\n    ]\n  }\n}\n"},
		{"one-line document", "allow",
			`{"permissions":{"deny":["X"],"allow":["A"]}}`,
			`{"permissions":{"deny":["X"],"allow":["A","Bash(npm test *)"]}}`},
		{"empty object", "allow", "{}\n",
			"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm test *)\"\n    ]\n  }\n}\n"},
		{"empty file", "allow", "",
			"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm test *)\"\n    ]\n  }\n}\n"},
		{"CRLF line breaks", "allow",
			"{\r\n  \"permissions\": {\r\n    \"allow\": [\r\n      \"A\"\r\n    ]\r\n  }\r\n}\r\n",
			"{\r\n  \"permissions\": {\r\n    \"allow\": [\r\n      \"A\",\r\n      \"Bash(npm test *)\"\r\n    ]\r\n  }\r\n}\r\n"},
		{"duplicate keys: the last one counts, as in Load", "allow",
			`{"permissions": {"allow": ["A"]}, "permissions": {"deny": []}}`,
			`{"permissions": {"allow": ["A"]}, "permissions": {"deny": [], "allow": ["Bash(npm test *)"]}}`},
		{"already there", "allow",
			"{\"permissions\": {\"allow\": [\"Bash(npm test *)\"]}} // keep\n",
			"{\"permissions\": {\"allow\": [\"Bash(npm test *)\"]}} // keep\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "settings.local.json")
			write(t, p, tc.before)
			if err := AddRule(p, tc.kind, "  "+rule+" "); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.after, read(t, p)); diff != "" {
				t.Errorf("file (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAddRuleCreatesTheFile(t *testing.T) {
	m := newMachine(t)
	p := LocalSettingsPath(filepath.Join(m.repo, "sub"))
	for _, r := range []string{"Bash(make)", "WebFetch(domain:go.dev)", "Bash(make)"} {
		if err := AddRule(p, "allow", r); err != nil {
			t.Fatal(err)
		}
	}
	if err := AddRule(p, "deny", "Bash(a > b && c)"); err != nil {
		t.Fatal(err)
	}
	s, _ := mustLoad(t, m.opts())
	if diff := cmp.Diff([]string{"Bash(make)", "WebFetch(domain:go.dev)"}, texts(s.Allow)); diff != "" {
		t.Errorf("allow read back (-want +got):\n%s", diff)
	}
	if len(s.Deny) != 1 || s.Deny[0].Text != "Bash(a > b && c)" || s.Deny[0].Source != SourceLocal {
		t.Errorf("deny read back: %v", s.Deny)
	}
	if info, err := os.Stat(p); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("new file: %v, %v", info, err)
	}
}

func TestAddRuleRefuses(t *testing.T) {
	cases := []struct {
		name, content, kind, rule string
		malformed                 bool
	}{
		{"malformed file", `{"permissions": {`, "allow", "Bash(x)", true},
		{"not an object", `["Bash(x)"]`, "allow", "Bash(x)", true},
		{"permissions of another shape", `{"permissions": []}`, "allow", "Bash(x)", true},
		{"kind of another shape", `{"permissions": {"allow": "Bash(y)"}}`, "allow", "Bash(x)", true},
		{"nested too deeply", `{"x": ` + strings.Repeat("[", 1000), "allow", "Bash(x)", true},
		{"unknown kind", `{}`, "permit", "Bash(x)", false},
		{"empty rule", `{}`, "allow", "  ", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "s.json")
			write(t, p, tc.content)
			err := AddRule(p, tc.kind, tc.rule)
			if err == nil || errors.Is(err, ErrMalformed) != tc.malformed {
				t.Errorf("err %v; want an error (ErrMalformed: %v)", err, tc.malformed)
			}
			if read(t, p) != tc.content {
				t.Error("a refused edit must leave the file untouched")
			}
		})
	}
}
