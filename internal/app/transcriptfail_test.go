package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// A transcript that cannot be written (its file is /dev/full: every write
// fails with ENOSPC) stops the run before the first request, and the
// result says why: it is never a success.
func TestUnsavableTranscriptFailsTheRun(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full:", err)
	}
	srv := providertest.Start(t, providertest.Scenario{AllowUnused: true, Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("never")}}}})
	cfgDir, cwd := t.TempDir(), t.TempDir()
	const id = "0b8f3c1e-2f7a-4d6b-9a51-1c2d3e4f5a6b"
	path := session.Path(cfgDir, cwd, id)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/full", path); err != nil {
		t.Fatal(err)
	}
	var rec recorder
	stderr := &bytes.Buffer{}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
	opts.Cwd, opts.SessionID, opts.Sink, opts.Stderr = cwd, id, rec.sink, stderr
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := "the transcript could not be saved: " + path + ": no space left on device"
	if !res.IsError || res.Subtype != event.SubtypeDuringExecution || len(res.Errors) != 1 || res.Errors[0] != want {
		t.Errorf("result %+v, want an error saying %q", res, want)
	}
	if published := onlyResult(t, rec.all()); !published.IsError {
		t.Errorf("published result %+v", published)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests sent although nothing could be recorded", n)
	}
	if !strings.Contains(stderr.String(), "warning: the transcript could not be saved") {
		t.Errorf("stderr %q", stderr)
	}
}
