// Command mcpcontext measures what MCP tool definitions cost a request:
// corvid -p with one stdio server offering n tools (mcptest/servers/
// fixture.js with FIXTURE_TOOLS=n; it needs node, not npm ci) is run against the scripted fake Messages API with the tools
// loaded (ENABLE_TOOL_SEARCH=false) and deferred behind ToolSearch
// (ENABLE_TOOL_SEARCH=true), and without the server, and it prints the first request's size, the
// size of its tools array and of its messages, and estimated tokens.
//
//	go build -o /tmp/corvid ./cmd/corvid
//	go run ./bench/cmd/mcpcontext -bin /tmp/corvid -tools 200
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"corvid/internal/provider/providertest"
)

func main() {
	bin := flag.String("bin", "./corvid", "corvid binary to measure")
	n := flag.Int("tools", 200, "tools the server offers")
	fixture := flag.String("fixture", "mcptest/servers/fixture.js", "the fixture server script")
	flag.Parse()
	script, err := filepath.Abs(*fixture)
	if err == nil {
		err = run(*bin, script, *n)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpcontext:", err)
		os.Exit(1)
	}
}

func run(bin, script string, n int) error {
	fmt.Printf("%d MCP tools, first request of `corvid -p hi`:\n", n)
	fmt.Printf("%-9s %12s %12s %12s %14s %14s\n", "mode", "request B", "tools B", "messages B", "tokens (/4)", "tools tokens")
	for _, mode := range []struct{ name, env string }{{"no MCP", ""}, {"loaded", "false"}, {"deferred", "true"}} {
		body, err := firstRequest(bin, script, n, mode.env)
		if err != nil {
			return err
		}
		var req struct {
			Tools    json.RawMessage `json:"tools"`
			Messages json.RawMessage `json:"messages"`
		}
		if err := json.Unmarshal(body, &req); err != nil {
			return err
		}
		// About 4 bytes a token for English text and JSON (the
		// estimate corvid's own caps use); the API's count differs.
		fmt.Printf("%-9s %12d %12d %12d %14d %14d\n", mode.name, len(body), len(req.Tools), len(req.Messages),
			len(body)/4, len(req.Tools)/4)
	}
	return nil
}

// firstRequest runs corvid -p with the server and returns the body of the
// fake API's first request.
func firstRequest(bin, script string, n int, toolSearch string) ([]byte, error) {
	sc, _ := providertest.Builtin("hello")
	srv := providertest.New(sc)
	defer srv.Close()
	dir, err := os.MkdirTemp("", "mcpcontext-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	servers := map[string]any{}
	if toolSearch != "" { // "": the baseline, no server
		servers["many"] = map[string]any{"command": "node", "args": []string{script, "server"},
			"env": map[string]string{"FIXTURE_TOOLS": fmt.Sprint(n)}}
	}
	cfg, _ := json.Marshal(map[string]any{"mcpServers": servers})
	cmd := exec.Command(bin, "-p", "hi", "--strict-mcp-config", "--mcp-config", string(cfg))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ANTHROPIC_BASE_URL="+srv.URL, "ANTHROPIC_API_KEY=bench", "ANTHROPIC_AUTH_TOKEN=",
		"CORVID_CONFIG_DIR="+filepath.Join(dir, ".corvid"), "ENABLE_TOOL_SEARCH="+toolSearch, "MCP_TIMEOUT=60000")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s -p: %w\n%s", bin, err, out)
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		return nil, fmt.Errorf("the fake API got no request")
	}
	return reqs[0].Body, nil
}
