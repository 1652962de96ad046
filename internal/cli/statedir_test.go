package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A state folder corvid cannot write (here: its path runs through a
// file) stops the interactive start with what to do, not only the
// failed mkdir.
func TestUnwritableStateDirSaysWhatToDo(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := openTUILog(filepath.Join(file, "corvid"))
	if err == nil || !strings.Contains(err.Error(), "set CORVID_CONFIG_DIR to a writable one") {
		t.Fatalf("error %v", err)
	}
}
