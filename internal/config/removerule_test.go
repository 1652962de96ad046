package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// RemoveRule undoes AddRule byte for byte on a hand-written file with
// comments and a trailing comma, and leaves files it cannot or need not
// edit untouched.
func TestRemoveRuleUndoesAddRule(t *testing.T) {
	orig := "{\n  // mine\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // listing\n      \"Read\",\n    ],\n  },\n  \"model\": \"opus\"\n}\n"
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := AddRule(path, "allow", "Bash(npm test)"); err != nil {
		t.Fatal(err)
	}
	if err := RemoveRule(path, "allow", "Bash(npm test)"); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != orig {
		t.Fatalf("after add and remove:\n%s\nwant:\n%s", got, orig)
	}
	if err := RemoveRule(path, "allow", "Read"); err != nil {
		t.Fatal(err)
	}
	want := "{\n  // mine\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // listing\n    ],\n  },\n  \"model\": \"opus\"\n}\n"
	if got := readFile(t, path); got != want {
		t.Fatalf("after removing Read:\n%s\nwant:\n%s", got, want)
	}
}

func TestRemoveRuleLeavesFileAlone(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		data, kind string
		want       error
	}{
		"not listed":    {`{"permissions":{"allow":["Read"]}}`, "allow", ErrRuleNotFound},
		"other kind":    {`{"permissions":{"deny":["Bash(rm)"]}}`, "allow", ErrRuleNotFound},
		"no perms":      {`{"model":"opus"}`, "deny", ErrRuleNotFound},
		"malformed":     {`{"permissions":{"deny":["Bash(rm)"]`, "deny", ErrMalformed},
		"perms a list":  {`{"permissions":["Bash(rm)"]}`, "deny", ErrMalformed},
		"kind a string": {`{"permissions":{"deny":"Bash(rm)"}}`, "deny", ErrMalformed},
	} {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(tc.data), 0o600); err != nil {
			t.Fatal(err)
		}
		err := RemoveRule(path, tc.kind, "Bash(rm)")
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", name, err, tc.want)
		}
		if got := readFile(t, path); got != tc.data {
			t.Errorf("%s: file changed to %s", name, got)
		}
	}
	if err := RemoveRule(filepath.Join(dir, "absent.json"), "allow", "Read"); !errors.Is(err, ErrRuleNotFound) {
		t.Error("removing from a missing file succeeded")
	}
	if err := RemoveRule(filepath.Join(dir, "x.json"), "permit", "Read"); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
