package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// ContextUsage splits what the next request carries by category, and its
// total agrees with the size of the request the API then receives.
func TestContextUsageByCategory(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text(strings.Repeat("an answer of some length. ", 40))}},
		{Blocks: []providertest.Block{providertest.Text("ok")}},
	}})
	cwd := t.TempDir()
	rules := strings.Repeat("Always run the tests before committing. ", 100) // 4,000 bytes
	if err := os.WriteFile(filepath.Join(cwd, "CLAUDE.md"), []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir()))
	opts.Cwd, opts.NoSessionPersistence = cwd, true
	c, err := Open(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	u := c.ContextUsage()
	if u.Window != model.Resolve(c.Info().Model).ContextWindow || u.System == 0 || u.Tools == 0 || u.MCPTools != 0 || u.Messages != 0 {
		t.Fatalf("before any prompt: %+v", u)
	}
	if u.Instructions < 1000 {
		t.Errorf("instructions %d tokens, want the 4,000-byte CLAUDE.md (1,000+)", u.Instructions)
	}
	c.Submit(t.Context(), []provider.Block{provider.TextBlock("first")})
	u = c.ContextUsage()
	if u.Messages == 0 {
		t.Fatalf("after a turn: %+v", u)
	}
	c.Submit(t.Context(), []provider.Block{provider.TextBlock("second")})
	reqs := srv.Requests()
	body := len(reqs[len(reqs)-1].Body) / 4
	if lo, hi := body*3/4, body*5/4; u.Used() < lo || u.Used() > hi {
		t.Errorf("estimated %d tokens before the second request; its body is %d bytes (%d tokens): %+v", u.Used(), len(reqs[len(reqs)-1].Body), body, u)
	}
}
