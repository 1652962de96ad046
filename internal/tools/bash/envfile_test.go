package bash

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What SessionStart hooks exported into the session's env file reaches
// every foreground command; without the file nothing changes.
func TestEnvFileSourced(t *testing.T) {
	f := newFixture(t, Options{})
	f.env.SessionDir = t.TempDir()
	if got := f.cmd(`echo "[${HOOK_VAR:-unset}]"`).Text(); !strings.Contains(got, "[unset]") {
		t.Fatalf("without the file: %q", got)
	}
	file := filepath.Join(f.env.SessionDir, EnvFileName)
	if err := os.WriteFile(file, []byte("export HOOK_VAR='from a hook'\necho noise\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := f.cmd(`echo "[${HOOK_VAR:-unset}]"`).Text(); strings.TrimSpace(got) != "[from a hook]" {
		t.Errorf("with the file: %q", got)
	}
}
