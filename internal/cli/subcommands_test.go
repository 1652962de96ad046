package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTrustSubcommand(t *testing.T) {
	cfg := t.TempDir()
	repo := t.TempDir()
	var out, errb bytes.Buffer
	env := func(k string) string {
		if k == "CORVID_CONFIG_DIR" {
			return cfg
		}
		return ""
	}
	c := &CLI{Stdout: &out, Stderr: &errb, Getenv: env, Getwd: func() (string, error) { return repo, nil }}
	if code := c.Execute(t.Context(), []string{"trust"}); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "Trusted "+repo) {
		t.Fatalf("stdout %q", out.String())
	}
	data, err := os.ReadFile(filepath.Join(cfg, "trust.json"))
	if err != nil || !strings.Contains(string(data), filepath.Base(repo)) {
		t.Fatalf("trust file %q, %v", data, err)
	}
	if code := c.Execute(t.Context(), []string{"trust", "a", "b"}); code != 1 {
		t.Fatalf("two directories: exit %d, want 1", code)
	}
}
