package bash

import "testing"

// TestResultsReportIsError: Bash results carry is_error on the wire even
// when the command succeeded (is_error:false), as Claude Code's do; failed
// ones say true.
func TestResultsReportIsError(t *testing.T) {
	f := newFixture(t, Options{})
	for cmd, failed := range map[string]bool{"echo hi": false, "exit 3": true} {
		r := f.cmd(cmd).Result
		if !r.ReportIsError || r.IsError != failed {
			t.Errorf("%s: ReportIsError %v, IsError %v; want true, %v", cmd, r.ReportIsError, r.IsError, failed)
		}
	}
	bg := f.run(map[string]any{"command": "true", "run_in_background": true}).Result
	if !bg.ReportIsError || bg.IsError {
		t.Errorf("background start: ReportIsError %v, IsError %v", bg.ReportIsError, bg.IsError)
	}
}
