package shelltest

import "testing"

// Differ runs cases under bash on the Shared jails (the test is skipped
// where jails cannot be built) and fails it for every program bash ran
// that the analysis did not see in an approved command. Disagreements
// on commands that were not approved are only logged: asking is the
// safe answer to what the analysis cannot follow.
func Differ(t *testing.T, cases []Case) {
	t.Helper()
	found, err := CheckAll(t.Context(), Shared(t), cases)
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, f := range found {
		if f.Approved {
			t.Errorf("approved by the analysis, but %v", f)
			continue
		}
		asked++
		t.Logf("disagreement on a command that was not approved (fine): %v", f)
	}
	t.Logf("%d commands under bash, %d disagreements, none on an approved command", len(cases), asked)
}
