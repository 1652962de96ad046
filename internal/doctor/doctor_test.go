package doctor

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// Missing programs: no rg or git is a warning, no shell at all a failure.
func TestProgramChecks(t *testing.T) {
	none := func(string) (string, error) { return "", errors.New("not found") }
	o := Options{Setup: Setup{Getenv: envOf(nil)}, LookPath: none}
	checks := programChecks(o)
	want := map[string]Status{"shell": StatusFail, "ripgrep": StatusWarn, "git": StatusWarn}
	for _, c := range checks {
		if c.Status != want[c.Name] {
			t.Errorf("%s: %s (%s), want %s", c.Name, c.Status, c.Detail, want[c.Name])
		}
	}
	shOnly := func(p string) (string, error) {
		if p == "/bin/sh" {
			return p, nil
		}
		return "", errors.New("not found")
	}
	o = Options{Setup: Setup{Getenv: envOf(map[string]string{"CLAUDE_CODE_SHELL": "zsh"})}, LookPath: shOnly}
	if c := shellCheck(o); c.Status != StatusWarn || !strings.Contains(c.Detail, "CLAUDE_CODE_SHELL=zsh not found") {
		t.Errorf("shell check %+v", c)
	}
}

// A directory that cannot be written is broken; one that does not exist
// yet under a writable parent is fine.
func TestDirCheck(t *testing.T) {
	dir := t.TempDir()
	if c := dirCheck("config dir", filepath.Join(dir, "a", "b")); c.Status != StatusOK ||
		!strings.Contains(c.Detail, "not created yet") {
		t.Errorf("missing dir under a writable parent: %+v", c)
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if c := dirCheck("config dir", filepath.Join(file, "x")); c.Status != StatusFail {
		t.Errorf("a file in the way: %+v", c)
	}
	if os.Geteuid() == 0 {
		return // root writes anywhere
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	if c := dirCheck("config dir", ro); c.Status != StatusFail {
		t.Errorf("read-only dir: %+v", c)
	}
}

// Credentials are named with their source and length, never printed.
func TestCredentialsNeverShown(t *testing.T) {
	const secret = "sk-ant-very-secret-value"
	o := Options{Setup: Setup{Getenv: envOf(map[string]string{"ANTHROPIC_AUTH_TOKEN": secret})},
		Getenv: envOf(nil)}
	c := credentials(o).check()
	if c.Status != StatusOK || !strings.Contains(c.Detail, "ANTHROPIC_AUTH_TOKEN from a settings file's env") {
		t.Fatalf("check %+v", c)
	}
	r := Report{Checks: []Check{c}}
	var text, js bytes.Buffer
	if r.WriteText(&text) != nil || r.WriteJSON(&js) != nil {
		t.Fatal("write failed")
	}
	if strings.Contains(text.String()+js.String(), secret) {
		t.Fatal("the secret was printed")
	}
	if r.Broken() || !strings.Contains(js.String(), `"ok": true`) {
		t.Fatalf("report %s", js.String())
	}
	r.Checks = append(r.Checks, Check{Name: "x", Status: StatusFail})
	if !r.Broken() {
		t.Fatal("a failed check must break the report")
	}
}
