package app

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
	"corvid/internal/session"
)

// A run that continues a session another process is writing (-c, -r or
// --session-id) leaves that transcript alone: it continues in a fork with
// the finished history, and says so on stderr.
func TestBusySessionIsForked(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("answer")}, Repeat: 5}}})
	cfgDir, cwd := t.TempDir(), t.TempDir()
	run := func(prompt string, mod func(*Options)) (string, string) {
		t.Helper()
		opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
		stderr := &bytes.Buffer{}
		opts.Cwd, opts.Prompt, opts.Stderr = cwd, prompt, stderr
		if mod != nil {
			mod(&opts)
		}
		res, err := Run(t.Context(), opts)
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %+v", prompt, err, res)
		}
		return res.SessionID, stderr.String()
	}
	orig, _ := run("first", nil)
	path := session.Path(cfgDir, cwd, orig)
	held, _, err := session.Resume(path, session.Meta{SessionID: orig})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	for _, tc := range []struct {
		name string
		mod  func(*Options)
	}{
		{"continue", func(o *Options) { o.Continue = true }},
		{"resume", func(o *Options) { o.Resume = orig }},
		{"session-id", func(o *Options) { o.SessionID = orig }},
	} {
		id, stderr := run(tc.name, tc.mod)
		want := "session " + orig + " is in use by another corvid process; continuing in a fork " + id
		if id == orig || !strings.Contains(stderr, want) {
			t.Errorf("%s: session %s, stderr %q; want a fork and %q", tc.name, id, stderr, want)
		}
		tr, err := session.Load(session.Path(cfgDir, cwd, id))
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, m := range tr.Messages {
			texts = append(texts, lastText(m.Content))
		}
		wantTexts := "first answer " + tc.name + " answer"
		if tc.name == "session-id" { // a new conversation under a taken id
			wantTexts = tc.name + " answer"
		}
		if got := strings.Join(texts, " "); got != wantTexts {
			t.Errorf("%s: fork history %q, want %q", tc.name, got, wantTexts)
		}
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the busy transcript was written to")
	}
	held.Close()
	if id, stderr := run("again", func(o *Options) { o.Resume = orig }); id != orig || stderr != "" {
		t.Errorf("after the lock was released: session %s, stderr %q", id, stderr)
	}
}

// lastText is the last text block of blocks that is not a reminder.
func lastText(blocks []provider.Block) string {
	out := ""
	for _, b := range blocks {
		if b.Type == provider.BlockText && !strings.HasPrefix(b.Text, "<system-reminder>") {
			out = b.Text
		}
	}
	return out
}
