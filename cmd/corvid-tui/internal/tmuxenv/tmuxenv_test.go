package tmuxenv

import (
	"testing"

	"corvid/internal/proctree"
)

// The supervisor's marker is proctree's.
func TestSupervisorArgIsProctrees(t *testing.T) {
	if supervisorArg != proctree.SupervisorArg {
		t.Fatalf("supervisorArg %q, proctree's %q", supervisorArg, proctree.SupervisorArg)
	}
}
