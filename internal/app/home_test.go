package app

import (
	"errors"
	"os/user"
	"path/filepath"
	"testing"
)

// Without HOME the home directory comes from the password database, as
// os/user reads it (the oracle), never from the temp dir.
func TestHomeDirFromPasswordDatabase(t *testing.T) {
	t.Setenv("HOME", "")
	u, err := user.Current()
	if err != nil || u.HomeDir == "" {
		t.Skipf("no password database entry for this user: %v", err)
	}
	got, err := ConfigDir(func(string) string { return "" })
	if err != nil || got != filepath.Join(u.HomeDir, ".corvid") {
		t.Fatalf("ConfigDir without HOME = %q, %v; want %q", got, err, filepath.Join(u.HomeDir, ".corvid"))
	}
}

// With neither HOME nor a password entry, corvid refuses: nothing goes to
// a shared directory.
func TestHomeDirRefusesWithoutAnyHome(t *testing.T) {
	t.Setenv("HOME", "")
	old := lookupUser
	t.Cleanup(func() { lookupUser = old })
	lookupUser = func() (*user.User, error) { return nil, user.UnknownUserIdError(4242) }
	if got, err := ConfigDir(func(string) string { return "" }); !errors.Is(err, ErrNoHome) {
		t.Fatalf("ConfigDir = %q, %v; want ErrNoHome", got, err)
	}
	_, err := loadSettings(Options{Cwd: t.TempDir(), Getenv: func(string) string { return "" }},
		environment(func(string) string { return "" }))
	if !errors.Is(err, ErrNoHome) {
		t.Fatalf("loadSettings without a home: %v; want ErrNoHome", err)
	}
	// CORVID_CONFIG_DIR still works without a home.
	if got, err := ConfigDir(func(k string) string { return map[string]string{"CORVID_CONFIG_DIR": "/cfg"}[k] }); err != nil || got != "/cfg" {
		t.Fatalf("ConfigDir with CORVID_CONFIG_DIR = %q, %v", got, err)
	}
}
