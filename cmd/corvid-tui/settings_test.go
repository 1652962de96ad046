package main

import (
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/app"
	"corvid/internal/cli"
	"corvid/internal/config"
)

// The interface's settings come through app.LoadSettings: a statusLine in
// the repository's .claude/settings.json is withheld (and said to be)
// until the directory is trusted, as hooks are; the user's own
// statusLine and preferredNotifChannel always apply; disableAllHooks
// turns the statusLine off.
func TestSettingsTrustGateTheRepositoryStatusLine(t *testing.T) {
	cfg, repo := t.TempDir(), t.TempDir()
	env := map[string]string{"CORVID_CONFIG_DIR": cfg, "CORVID_MANAGED_DIR": t.TempDir(), "HOME": t.TempDir()}
	getenv := func(k string) string { return env[k] }
	write := func(path, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(repo, ".claude", "settings.json"), `{"statusLine":{"type":"command","command":"repo.sh"}}`)
	write(filepath.Join(cfg, "settings.json"), `{"preferredNotifChannel":"ghostty"}`)
	base := app.Options{Cwd: repo, Getenv: getenv}
	read := settings(cli.InteractiveSetup{Settings: func() (*config.Settings, []config.Notice, error) {
		return app.LoadSettings(base)
	}})

	got := read()
	if got.StatusLine != nil || !got.StatusLineWithheld || got.NotifChannel != "ghostty" {
		t.Fatalf("untrusted: %+v (statusLine %+v)", got, got.StatusLine)
	}
	if _, err := app.Trust(getenv, repo, ""); err != nil {
		t.Fatal(err)
	}
	got = read()
	if got.StatusLine == nil || got.StatusLine.Command != "repo.sh" || got.StatusLineWithheld {
		t.Fatalf("trusted: %+v", got)
	}
	write(filepath.Join(cfg, "settings.json"), `{"disableAllHooks":true}`)
	if got = read(); got.StatusLine != nil {
		t.Fatalf("disableAllHooks left the statusLine on: %+v", got.StatusLine)
	}
}
