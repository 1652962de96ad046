package host

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind: the reader, the
// turn loop and every pending request end with the host.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
