package conformance

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestRecordClaudeCode re-records testdata/conformance/*/claude.json from
// the real Claude Code named by CORVID_RECORD_CLAUDE (see
// testdata/conformance/record.sh); it is skipped otherwise, and in CI.
func TestRecordClaudeCode(t *testing.T) {
	bin := os.Getenv("CORVID_RECORD_CLAUDE")
	if bin == "" {
		t.Skip("set CORVID_RECORD_CLAUDE to a Claude Code binary to re-record the fixtures")
	}
	dir := filepath.Join("..", "..", "testdata", "conformance")
	cases, err := LoadCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			out, err := Run(context.Background(), bin, t.TempDir(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("exit %d, %d requests; stderr:\n%s", out.Exit, out.Requests, out.Stderr)
			rec, err := Record(out)
			if err != nil {
				t.Fatalf("%v\nstdout:\n%s", err, out.Stdout)
			}
			if err := WriteRecording(filepath.Join(dir, c.Name, "claude.json"), rec); err != nil {
				t.Fatal(err)
			}
		})
	}
}
