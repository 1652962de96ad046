package host

import (
	"bytes"
	"context"
	"testing"

	"corvid/internal/app"
	"corvid/internal/provider/providertest"
)

// End to end with the real conversation: a host that never answers
// can_use_tool can still interrupt the turn; the question is withdrawn
// and the turn ends with a result.
func TestUnansweredPromptInterrupted(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{
		providertest.ToolUse("toolu_rm", "Bash", map[string]any{"command": "rm -f nothing.txt"})}}}})
	env := map[string]string{"ANTHROPIC_BASE_URL": srv.URL, "ANTHROPIC_API_KEY": "x",
		"CORVID_CONFIG_DIR": t.TempDir()}
	s := start(t, false, Options{PromptTool: true})
	s.open = func(ctx context.Context, su Setup) (Conversation, error) {
		c, err := app.Open(ctx, app.Options{Cwd: t.TempDir(), Getenv: func(k string) string { return env[k] },
			Stderr: &bytes.Buffer{}, Sink: su.Sink, Asker: su.Asker, NoSessionPersistence: true})
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	s.send(user("remove it"))
	ask := s.expect("control_request", "")
	if !contains(ask, `"subtype":"can_use_tool"`) || !contains(ask, `"tool_use_id":"toolu_rm"`) {
		t.Fatalf("request = %v", ask)
	}
	s.send(request("int", `{"subtype":"interrupt"}`))
	if c := s.expect("control_cancel_request", ""); c["request_id"] != ask["request_id"] {
		t.Errorf("cancel = %v, want request %v", c, ask["request_id"])
	}
	if r := s.expect("result", ""); r["subtype"] != "error_during_execution" {
		t.Errorf("result = %v", r)
	}
	s.expect("control_response", "success")
	s.finish()
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}
