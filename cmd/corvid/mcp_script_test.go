package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// mcpServersDir holds the real MCP servers from npm (mcptest/servers,
// installed by `npm ci` in .ci/run).
var mcpServersDir, _ = filepath.Abs("../../mcptest/servers")

// claudeCodeRec holds Claude Code's recorded behaviour (the oracle).
var claudeCodeRec, _ = filepath.Abs("../../testdata/mcp/claudecode")

// TestMCPScripts runs testdata/mcp/*.txtar: the real binary with real MCP
// servers (@modelcontextprotocol/server-everything and -filesystem, and
// mcptest/servers/fixture.js for misbehaving servers) against the fake
// API. Without the npm packages they skip, unless CI=true or
// CORVID_REQUIRE_MCP=1 make their absence a failure.
func TestMCPScripts(t *testing.T) {
	bin := filepath.Join(mcpServersDir, "node_modules", ".bin")
	if _, err := os.Stat(filepath.Join(bin, "mcp-server-everything")); err != nil {
		if os.Getenv("CI") == "true" || os.Getenv("CORVID_REQUIRE_MCP") == "1" {
			t.Fatalf("the MCP test servers are required but missing (run npm ci in mcptest/servers): %v", err)
		}
		t.Skipf("MCP test servers not installed (cd mcptest/servers && npm ci): %v", err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/mcp",
		RequireExplicitExec: true,
		Cmds:                scriptCommands(),
		Condition:           condition,
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORVID_CONFIG_DIR", env.WorkDir+"/.corvid")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("MCPBIN", bin)
			env.Setenv("MCPFIXTURE", filepath.Join(mcpServersDir, "fixture.js"))
			env.Setenv("MCPGATE", filepath.Join(mcpServersDir, "gate.js"))
			env.Setenv("CLAUDECODE_REC", claudeCodeRec)
			env.Setenv("MCPSERVERS", mcpServersDir)
			return nil
		},
	})
}
