// Package mcptest holds the acceptance tests of `corvid mcp serve`: a
// node script (client/client.mjs) drives the real binary with the
// official TypeScript MCP SDK client (@modelcontextprotocol/sdk, pinned
// in client/package.json), and the Go test checks what it saw.
//
// They need node and `npm ci` in client/ (.ci/run does it); without them
// they skip, except in CI (CI=true) or with CORVID_REQUIRE_MCPSDK=1,
// where they fail.
package mcptest
