package shell_test

import (
	"fmt"
	"os"
	"testing"

	"corvid/internal/shell"
	"corvid/internal/shell/shelltest"
)

// TestMain removes the jails the differential tests share.
func TestMain(m *testing.M) {
	// Start-up must not pay for the command table: it is compiled on the
	// first question about a command, not by the package's init.
	if shell.TableCompiled() {
		fmt.Fprintln(os.Stderr, "the command table was compiled during start-up")
		os.Exit(1)
	}
	code := m.Run()
	shelltest.RemoveShared()
	os.Exit(code)
}
