package mcp

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/goleak"
)

// TestMain runs the test binary as an MCP server when asked to
// (CORVID_MCP_FIXTURE=1), else the tests, checking for leaked goroutines.
func TestMain(m *testing.M) {
	if os.Getenv("CORVID_MCP_FIXTURE") == "1" {
		serveFixture()
		return
	}
	goleak.VerifyTestMain(m)
}

// fixtureServer is a stdio server entry running serveFixture.
func fixtureServer(t *testing.T, name string, env map[string]string) Server {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := map[string]string{"CORVID_MCP_FIXTURE": "1"}
	for k, v := range env {
		e[k] = v
	}
	return Server{Name: name, Scope: ScopeDynamic, Source: "test", Config: ServerConfig{Command: exe, Env: e}}
}

type noArgs struct{}

// serveFixture serves tools that exercise the client: echo, progress,
// block (until cancelled; writes $FIXTURE_CANCELLED), spawn (a sleeping
// grandchild in the server's process group; returns its pid), die
// (exits), grow (adds a tool, which notifies tools/list_changed).
func serveFixture() {
	_ = fixture().Run(context.Background(), &mcp.StdioTransport{})
}

// fixture builds the fixture server.
func fixture() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "1"}, nil)
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
	}
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in struct {
		Text string `json:"text"`
	}) (*mcp.CallToolResult, any, error) {
		return text("echo: " + in.Text), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "progress"}, func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) (*mcp.CallToolResult, any, error) {
		for i := 1; i <= 3; i++ {
			err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(),
				Progress: float64(i), Total: 3, Message: fmt.Sprintf("step %d", i)})
			if err != nil {
				return nil, nil, err
			}
		}
		// The client handles notifications concurrently with responses:
		// a real long-running tool's progress comes well before its end.
		time.Sleep(300 * time.Millisecond)
		return text("done"), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "block"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ noArgs) (*mcp.CallToolResult, any, error) {
		<-ctx.Done()
		_ = os.WriteFile(os.Getenv("FIXTURE_CANCELLED"), []byte("cancelled"), 0o600)
		return nil, nil, ctx.Err()
	})
	mcp.AddTool(s, &mcp.Tool{Name: "spawn"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
		cmd := exec.Command("sleep", "300")
		if err := cmd.Start(); err != nil {
			return nil, nil, err
		}
		return text(strconv.Itoa(cmd.Process.Pid)), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "die"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
		os.Exit(7)
		return nil, nil, nil
	})
	// grow answers only once the client lists the tools again, as a
	// server does that says list_changed before its answer (the go-sdk
	// delays the notification by 10 ms).
	listed := make(chan struct{}, 1)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				select {
				case listed <- struct{}{}:
				default:
				}
			}
			return next(ctx, method, req)
		}
	})
	mcp.AddTool(s, &mcp.Tool{Name: "grow"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ noArgs) (*mcp.CallToolResult, any, error) {
		select {
		case <-listed: // the first listing, at connection
		default:
		}
		mcp.AddTool(s, &mcp.Tool{Name: "grown"}, func(context.Context, *mcp.CallToolRequest, noArgs) (*mcp.CallToolResult, any, error) {
			return text("new"), nil, nil
		})
		select {
		case <-listed:
		case <-ctx.Done():
		}
		return text("grew"), nil, nil
	})
	return s
}
