// Package mcp is corvid's Model Context Protocol client: it reads the
// server configuration from Claude Code's scopes (project .mcp.json,
// user and local scopes in corvid's own config, --mcp-config), starts
// every server in the background in parallel, and keeps one connection
// per server that tools call through.
//
// A stdio server runs in its own process group with its stderr in a log
// file and is killed with the session; a server that dies is reconnected
// on the next call, with backoff. A server that is missing, slow or
// broken never blocks the session: its Status says why.
//
// The protocol is spoken by a small JSON-RPC client of corvid's own
// (stdio, streamable HTTP, legacy SSE) on the codec in internal/jsonrpc,
// which `corvid mcp serve` (internal/mcpserve) shares: the official
// go-sdk added a dozen packages' initialisers (encoding/gob,
// jsonschema-go, segmentio JSON; ~0.6 ms) to every start of corvid and a
// second JSON Schema validator, so corvid does without it. The tests'
// servers are hand-written (fixture_test.go) and, in CI, real npm ones.
//
// An HTTP server that asks for OAuth is needs-auth until Login (`corvid
// mcp login`) stores its tokens (oauth_*.go); the HTTP wire then sends
// them and refreshes them.
//
// The tool adapters the model sees live in internal/tools/mcptool.
package mcp
