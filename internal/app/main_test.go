package app

import (
	"fmt"
	"os"
	"testing"
)

// TestMain points HOME at a scratch directory: runs save transcripts
// under ~/.corvid unless a test sets CORVID_CONFIG_DIR, and no test may
// write into the real home.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "corvid-app-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("HOME", home)
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
