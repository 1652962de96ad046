package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"corvid/internal/executor"
	"corvid/internal/tool"
)

// Config is what a server serves.
type Config struct {
	// Tools are the tools offered, in order.
	Tools *tool.Registry
	// Pipeline runs each call: validation, permission, the tool.
	Pipeline *executor.Pipeline
	// Env is the environment the first call runs in; tools that change
	// it (Bash's cd) change it for the calls after them.
	Env tool.Env
	// Version is corvid's version, reported to clients.
	Version string
}

// server runs calls for one MCP server.
type server struct {
	cfg Config
	// exclusive serialises calls that are not concurrency-safe, as the
	// executor does within one message.
	exclusive sync.RWMutex
	envMu     sync.Mutex
	env       tool.Env
	calls     atomic.Uint64
}

// New returns an MCP server offering cfg's tools.
func New(cfg Config) *mcp.Server {
	s := &server{cfg: cfg, env: cfg.Env}
	srv := mcp.NewServer(&mcp.Implementation{Name: "corvid", Title: "corvid", Version: cfg.Version}, nil)
	for _, t := range cfg.Tools.Tools() {
		if def, ok := definition(t); ok {
			srv.AddTool(def, s.handler(t))
		}
	}
	return srv
}

// Serve serves cfg's tools on transport until the client goes away or
// ctx ends.
func Serve(ctx context.Context, cfg Config, transport mcp.Transport) error {
	if err := New(cfg).Run(ctx, transport); err != nil && ctx.Err() == nil {
		return fmt.Errorf("%w: %w", ErrServe, err)
	}
	return nil
}

// definition is the MCP tool for t: its name, description and input
// schema as the model sees them, and hints from its kind.
// A tool whose schema is not an object schema cannot be offered over MCP
// (ok is false); it is left out rather than taking the server down.
func definition(t tool.Tool) (def *mcp.Tool, ok bool) {
	schema := t.InputSchema()
	if len(schema) == 0 {
		schema = json.RawMessage(`{"type":"object"}`)
	}
	var head struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(schema, &head) != nil || head.Type != "object" {
		return nil, false
	}
	return &mcp.Tool{Name: t.Name(), Description: t.Description(), InputSchema: schema,
		Annotations: annotations(tool.KindOf(t))}, true
}

// annotations are the MCP hints for a kind of tool. An unknown kind
// promises nothing (the protocol's defaults: may write, may destroy,
// open world).
func annotations(k tool.Kind) *mcp.ToolAnnotations {
	closed, open, safe := false, true, false
	switch k {
	case tool.KindRead:
		return &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &closed}
	case tool.KindState:
		return &mcp.ToolAnnotations{DestructiveHint: &safe, OpenWorldHint: &closed}
	case tool.KindFetch:
		return &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &open}
	case tool.KindEdit:
		return &mcp.ToolAnnotations{OpenWorldHint: &closed}
	}
	return &mcp.ToolAnnotations{}
}
