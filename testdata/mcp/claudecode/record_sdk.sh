#!/usr/bin/env bash
# Re-records what Claude Code does with MCP servers an Agent SDK host
# serves in-process (createSdkMcpServer, over mcp_message) and with
# --permission-prompt-tool mcp__server__tool. Needs the real Claude Code
# (CLAUDE), corvid's fake API (FAKEAPI: go build -o /tmp/fakeapi
# ./internal/provider/providertest/cmd/fakeapi) and `npm ci` in sdktest/.
#   CLAUDE=/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude \
#   FAKEAPI=/tmp/fakeapi testdata/mcp/claudecode/record_sdk.sh
# Writes sdk_mcp.json (what sdktest/sdkmcp.mjs prints), sdk_mcp_frames.jsonl
# (the mcp_message frames both ways; sdk_mcp_handshake_frames.jsonl without
# the SDK's manifests) and prompt_tool_args.jsonl (what the
# prompt tool was called with).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
trap 'kill $api 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/w"
common=(HOME="$work/home" CLAUDE_CONFIG_DIR="$work/home/.claude" ANTHROPIC_API_KEY=test
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1)

serve() { # scenario file → ANTHROPIC_BASE_URL in $url
  "$FAKEAPI" -scenario "$1" -exit-when-done > "$work/api.out" 2>/dev/null &
  api=$!
  for _ in $(seq 50); do [ -s "$work/api.out" ] && break; sleep 0.1; done
  url=$(head -1 "$work/api.out")
}

# 1. An SDK server: the SDK runs the real CLI through a wrapper that keeps
# the protocol.
cat > "$work/calc.json" <<'JSON'
{"turns": [
  {"blocks": [{"type": "tool_use", "id": "toolu_add", "name": "mcp__calc__add", "input": {"a": 2, "b": 3}},
              {"type": "tool_use", "id": "toolu_wipe", "name": "mcp__calc__wipe", "input": {}}]},
  {"blocks": [{"type": "text", "text": "done"}]}
]}
JSON
cat > "$work/wrap.sh" <<SH
#!/bin/bash
tee -a "$work/in.jsonl" | "$CLAUDE" "\$@" | tee -a "$work/out.jsonl"
SH
chmod +x "$work/wrap.sh"
serve "$work/calc.json"
(cd "$root/sdktest" && env "${common[@]}" ANTHROPIC_BASE_URL="$url" CORVID_BIN="$work/wrap.sh" WORK="$work/w" \
  node sdkmcp.mjs 2>/dev/null | tail -1 | python3 -m json.tool --indent 1) > "$here/sdk_mcp.json"
wait $api || true
grep -h 'mcp_message\|mcp_response' "$work/out.jsonl" "$work/in.jsonl" > "$here/sdk_mcp_frames.jsonl"
# The same without the SDK's manifests: the CLI handshakes over mcp_message.
rm -f "$work/in.jsonl" "$work/out.jsonl"
serve "$work/calc.json"
(cd "$root/sdktest" && env "${common[@]}" ANTHROPIC_BASE_URL="$url" CORVID_BIN="$work/wrap.sh" WORK="$work/w" \
  CLAUDE_AGENT_SDK_DISABLE_MCP_MANIFESTS=1 node sdkmcp.mjs > /dev/null 2>&1)
wait $api || true
grep -h 'mcp_message\|mcp_response' "$work/out.jsonl" "$work/in.jsonl" > "$here/sdk_mcp_handshake_frames.jsonl"

# 2. A stdio server's tool as --permission-prompt-tool in -p.
cat > "$work/gate.json" <<JSON
{"turns": [
  {"blocks": [{"type": "tool_use", "id": "toolu_allow", "name": "Bash", "input": {"command": "touch asked.txt"}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_rm", "name": "Bash", "input": {"command": "rm -f keep.txt"}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_garbage", "name": "Bash", "input": {"command": "echo garbage > g.txt"}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_fail", "name": "Bash", "input": {"command": "echo fail > f.txt"}}]},
  {"blocks": [{"type": "text", "text": "done"}]}
]}
JSON
echo "{\"mcpServers\":{\"gate\":{\"command\":\"node\",\"args\":[\"$root/mcptest/servers/gate.js\"]}}}" > "$work/mcp.json"
serve "$work/gate.json"
(cd "$work/w" && env "${common[@]}" ANTHROPIC_BASE_URL="$url" GATE_LOG="$work/gate.log" \
  "$CLAUDE" -p --mcp-config "$work/mcp.json" --permission-prompt-tool mcp__gate__approve 'go' > /dev/null)
wait $api || true
cp "$work/gate.log" "$here/prompt_tool_args.jsonl"
