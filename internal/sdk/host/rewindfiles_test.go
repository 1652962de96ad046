package host

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/app"
	"corvid/internal/provider/providertest"
)

// rewindAnswer is the body of the next successful control response.
func rewindAnswer(t *testing.T, s *session) rewindResult {
	t.Helper()
	m := s.expect("control_response", "success")
	body, _ := m["response"].(map[string]any)["response"]
	b, _ := json.Marshal(body)
	var r rewindResult
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("answer %s: %v", b, err)
	}
	return r
}

// rewind_files with the real conversation: the user message's uuid finds
// its prompt; dry_run lists the files the turn changed with the lines the
// rewind would insert and delete and changes nothing; the real one
// restores them (removes the file the turn created); an unknown message
// id says no checkpoint was found: in a dry run's answer, else as an
// error response (Claude Code 2.1.332's answers, sdktest/testdata).
func TestRewindFilesControlRequest(t *testing.T) {
	cwd := t.TempDir()
	made := filepath.Join(cwd, "made.txt")
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.ToolUse("t1", "Write", map[string]any{"file_path": made, "content": "a\nb\n"})}},
		{Blocks: []providertest.Block{providertest.Text("done")}},
	}})
	env := map[string]string{"ANTHROPIC_BASE_URL": srv.URL, "ANTHROPIC_API_KEY": "x", "CORVID_CONFIG_DIR": t.TempDir()}
	s := start(t, false, Options{})
	s.open = func(ctx context.Context, su Setup) (Conversation, error) {
		return app.Open(ctx, app.Options{Cwd: cwd, Getenv: func(k string) string { return env[k] },
			Stderr: &bytes.Buffer{}, Sink: su.Sink, PermissionMode: "acceptEdits"})
	}
	s.send(user("make a file"))
	if r := s.expect("result", ""); r["subtype"] != "success" {
		t.Fatalf("result = %v", r)
	}
	s.send(request("dry", `{"subtype":"rewind_files","user_message_id":"u-make a file","dry_run":true}`))
	r := rewindAnswer(t, s)
	if !r.CanRewind || len(r.FilesChanged) != 1 || r.FilesChanged[0] != made || r.Insertions == nil || *r.Insertions != 0 ||
		r.Deletions == nil || *r.Deletions != 2 {
		t.Fatalf("dry run = %+v", r)
	}
	if _, err := os.Stat(made); err != nil {
		t.Fatalf("a dry run changed the file: %v", err)
	}
	s.send(request("real", `{"subtype":"rewind_files","user_message_id":"u-make a file"}`))
	if r := rewindAnswer(t, s); !r.CanRewind || r.SkippedLinks == nil || *r.SkippedLinks != 0 {
		t.Fatalf("rewind = %+v", r)
	}
	if _, err := os.Stat(made); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("made.txt is still there: %v", err)
	}
	s.send(request("none-dry", `{"subtype":"rewind_files","user_message_id":"u-unknown","dry_run":true}`))
	if r := rewindAnswer(t, s); r.CanRewind || r.Error != "No file checkpoint found for this message." {
		t.Errorf("unknown message, dry run = %+v", r)
	}
	s.send(request("none", `{"subtype":"rewind_files","user_message_id":"u-unknown"}`))
	if m := s.expect("control_response", "error"); !contains(m, `"error":"No file checkpoint found for this message."`) {
		t.Errorf("unknown message = %v", m)
	}
	s.finish()
}
