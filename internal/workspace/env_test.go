package workspace

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestEnvFacts(t *testing.T) {
	now := time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC)
	env := map[string]string{"SHELL": "/usr/bin/zsh"}
	e := EnvFacts("/work/p", now, func(k string) string { return env[k] }, true)
	if e.Cwd != "/work/p" || e.Platform != runtime.GOOS || e.Shell != "zsh" || !e.IsGitRepo || e.Date != "2026-03-09" {
		t.Fatalf("facts %+v", e)
	}
	if e.OSVersion == "" || (runtime.GOOS == "linux" && !strings.HasPrefix(e.OSVersion, "Linux ")) {
		t.Errorf("OS version %q", e.OSVersion)
	}
	want := "Working directory: /work/p\nInside a git repository: yes\nPlatform: " + runtime.GOOS +
		"\nOS version: " + e.OSVersion + "\nShell: zsh"
	if got := e.Render(); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(e.Render(), "2026") {
		t.Error("Render includes the date")
	}
	if e.RenderDate() != "The current date is 2026-03-09." {
		t.Errorf("RenderDate %q", e.RenderDate())
	}
}

func TestEnvFactsNoShell(t *testing.T) {
	e := EnvFacts("/x", time.Unix(0, 0).UTC(), func(string) string { return "" }, false)
	if e.Shell != "" || strings.Contains(e.Render(), "Shell") || !strings.Contains(e.Render(), "repository: no") {
		t.Errorf("facts %+v render %q", e, e.Render())
	}
}
