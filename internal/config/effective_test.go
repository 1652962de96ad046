package config

import (
	"os"
	"path/filepath"
	"testing"
)

// Effective names, for each key, the strongest layer's value and the
// weaker layers that also set it; keys withheld by trust are absent.
func TestEffective(t *testing.T) {
	cwd, user := t.TempDir(), t.TempDir()
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(user, "settings.json"), `{"model": "haiku", "env": {"A": "1"}}`)
	write(filepath.Join(cwd, ".claude", "settings.json"), `{"model": "opus"}`)
	write(filepath.Join(cwd, ".claude", "settings.local.json"), `{"cleanupPeriodDays": 5}`)
	s, _, _, err := Load(Options{Cwd: cwd, ConfigDir: user, ManagedDir: t.TempDir(), Trusted: true})
	if err != nil {
		t.Fatal(err)
	}
	got := s.Effective()
	want := []struct {
		key, value string
		src        Source
		also       int
	}{
		{"cleanupPeriodDays", "5", SourceLocal, 0},
		{"env", `{"A": "1"}`, SourceUser, 0},
		{"model", `"opus"`, SourceProject, 1},
	}
	if len(got) != len(want) {
		t.Fatalf("Effective() = %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Key != w.key || string(g.Value) != w.value || g.Source != w.src || len(g.Also) != w.also {
			t.Errorf("%d: got %s=%s from %s also %v, want %s=%s from %s", i, g.Key, g.Value, g.Source, g.Also, w.key, w.value, w.src)
		}
	}
	if got[2].Also[0] != SourceUser {
		t.Errorf("model also in %v, want user", got[2].Also)
	}
}
