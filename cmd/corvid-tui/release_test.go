package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// scripts/release.sh builds the interface beside corvid for each target
// (it built corvid alone, so a release could not start its interface),
// and the checksums cover both.
func TestReleaseScriptBuildsBoth(t *testing.T) {
	if testing.Short() {
		t.Skip("builds release binaries")
	}
	dist := t.TempDir()
	target := runtime.GOOS + "/" + runtime.GOARCH
	cmd := exec.Command("bash", "scripts/release.sh", target)
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "DIST="+dist)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, out)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	suffix := "-" + runtime.GOOS + "-" + runtime.GOARCH
	for _, prog := range []string{"corvid", "corvid-tui"} {
		name := prog + suffix
		if !strings.Contains(string(sums), "  "+name+"\n") {
			t.Errorf("SHA256SUMS does not list %s:\n%s", name, sums)
		}
		out, err := exec.Command(filepath.Join(dist, name), "--version").CombinedOutput()
		if err != nil || !strings.Contains(string(out), "corvid") {
			t.Errorf("%s --version: %v %s", name, err, out)
		}
	}
}
