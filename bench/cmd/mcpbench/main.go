// Command mcpbench measures session start with MCP servers configured:
// the time from starting `corvid -p` to its first request to the scripted
// fake Messages API, with 0, 1 and 3 stdio servers
// (@modelcontextprotocol/server-everything from mcptest/servers, which
// must be installed: cd mcptest/servers && npm ci). The servers connect in
// parallel, so three should cost about what one does. It prints the
// median, minimum and 90th percentile over -n runs.
//
//	go build -o /tmp/corvid ./cmd/corvid
//	go run ./bench/cmd/mcpbench -bin /tmp/corvid -n 20
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"corvid/internal/provider/providertest"
)

func main() {
	bin := flag.String("bin", "./corvid", "corvid binary to measure")
	n := flag.Int("n", 20, "runs per measurement")
	server := flag.String("server", "mcptest/servers/node_modules/.bin/mcp-server-everything", "stdio MCP server command")
	arg := flag.String("arg", "", "one argument for the server command (mcptest/servers/fixture.js and FIXTURE_DELAY_MS simulate a slow start)")
	flag.Parse()
	if err := run(*bin, *server, *arg, *n); err != nil {
		fmt.Fprintln(os.Stderr, "mcpbench:", err)
		os.Exit(1)
	}
}

func run(bin, server, arg string, n int) error {
	if p, err := filepath.Abs(server); err == nil {
		if _, err := os.Stat(p); err == nil {
			server = p
		}
	}
	if p, err := filepath.Abs(arg); err == nil && arg != "" {
		if _, err := os.Stat(p); err == nil {
			arg = p
		}
	}
	for _, k := range []int{0, 1, 3} {
		var runs []time.Duration
		for range n {
			d, err := firstRequest(bin, server, arg, k)
			if err != nil {
				return err
			}
			runs = append(runs, d)
		}
		slices.Sort(runs)
		fmt.Printf("%d stdio servers: first API request  n=%d median=%s min=%s p90=%s\n", k, n,
			ms(runs[len(runs)/2]), ms(runs[0]), ms(runs[len(runs)*9/10]))
	}
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

// firstRequest runs corvid -p with k servers and returns the time from
// process start to the fake API receiving the request.
func firstRequest(bin, server, arg string, k int) (time.Duration, error) {
	sc, _ := providertest.Builtin("hello")
	srv := providertest.New(sc)
	defer srv.Close()
	dir, err := os.MkdirTemp("", "mcpbench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	servers := map[string]any{}
	for i := range k {
		entry := map[string]any{"command": server}
		if arg != "" {
			entry["args"] = []string{arg, "server"}
		}
		servers[fmt.Sprintf("s%d", i)] = entry
	}
	cfg, _ := json.Marshal(map[string]any{"mcpServers": servers})
	cmd := exec.Command(bin, "-p", "hi", "--mcp-config", string(cfg))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ANTHROPIC_BASE_URL="+srv.URL, "ANTHROPIC_API_KEY=bench",
		"ANTHROPIC_AUTH_TOKEN=", "CORVID_CONFIG_DIR="+filepath.Join(dir, ".corvid"))
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%s -p: %w\n%s", bin, err, out)
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		return 0, fmt.Errorf("the fake API got no request")
	}
	return reqs[0].Received.Sub(start), nil
}
