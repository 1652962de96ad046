#!/usr/bin/env bash
# Re-records what Claude Code writes in system/init mcp_servers for servers
# of every scope (user, project, local, --mcp-config), some failing, some
# slow. Needs the real Claude Code (CLAUDE) and corvid's fake API (FAKEAPI:
# go build -o /tmp/fakeapi ./internal/provider/providertest/cmd/fakeapi).
#   CLAUDE=/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude \
#   FAKEAPI=/tmp/fakeapi testdata/mcp/claudecode/record.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fixture=$(cd "$here/../../../mcptest/servers" && pwd)/fixture.js
work=$(mktemp -d)
trap 'kill $api 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
mkdir -p home cfg
"$FAKEAPI" -scenario builtin:hello -loop > api.out 2>&1 &
api=$!
for _ in $(seq 50); do [ -s api.out ] && break; sleep 0.1; done
cat > mcp.json <<JSON
{"mcpServers": {"fix": {"command": "node", "args": ["$fixture", "server"]}, "gone": {"command": "/nonexistent/mcp"}, "slow": {"command": "node", "args": ["$fixture", "silent"]}}}
JSON
cat > .mcp.json <<JSON
{"mcpServers": {"proj": {"command": "node", "args": ["$fixture", "server"]}}}
JSON
cat > cfg/.claude.json <<JSON
{"mcpServers": {"usr": {"command": "/nonexistent/u"}}, "projects": {"$work": {"mcpServers": {"loc": {"command": "/nonexistent/l"}}}}}
JSON
env HOME="$work/home" CLAUDE_CONFIG_DIR="$work/cfg" ANTHROPIC_BASE_URL="$(head -1 api.out)" ANTHROPIC_API_KEY=test \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 MCP_TIMEOUT=5000 \
  "$CLAUDE" -p hi --mcp-config mcp.json --output-format stream-json --verbose |
  head -1 | python3 -c 'import json,sys; f=json.loads(sys.stdin.readline()); print(json.dumps({"claude_code_version": f["claude_code_version"], "mcp_servers": f["mcp_servers"]}, indent=1))' \
  > "$here/init_mcp_servers.json"
