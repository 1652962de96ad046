package permission

import (
	"os"
	"testing"

	"corvid/internal/shell/shelltest"
)

// TestMain removes the jails the differential tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	shelltest.RemoveShared()
	os.Exit(code)
}
