#!/bin/sh
# Re-record agent_tool.json: the Agent tool's name and input schema as the
# real Claude Code sends them to the Messages API. It runs Claude Code once
# (`-p hello`) against corvid's fake API and keeps the first request.
# Usage: testdata/claudecode/agenttool/record.sh [path/to/claude]
set -eu
claude=${1:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
tmp=$(mktemp -d)
trap 'kill $fake 2>/dev/null; rm -rf "$tmp"' EXIT
go build -o "$tmp/fakeapi" ./internal/provider/providertest/cmd/fakeapi
echo '{"turns":[{"blocks":[{"type":"text","text":"hi"}]}]}' >"$tmp/hello.json"
"$tmp/fakeapi" -scenario "$tmp/hello.json" -addr 127.0.0.1:18941 -record "$tmp/rec" -exit-when-done &
fake=$!
sleep 0.5
mkdir -p "$tmp/home" "$tmp/cfg" "$tmp/proj"
(cd "$tmp/proj" && HOME="$tmp/home" CLAUDE_CONFIG_DIR="$tmp/cfg" ANTHROPIC_BASE_URL=http://127.0.0.1:18941 \
	ANTHROPIC_API_KEY=test CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 \
	"$claude" -p hello >/dev/null)
wait $fake || true
version=$("$claude" --version)
python3 - "$tmp/rec/request-000.json" "$here/agent_tool.json" "$version" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
body = d.get("body", d)
if isinstance(body, str):
    body = json.loads(body)
t = next(t for t in body["tools"] if t["name"] == "Agent")
json.dump({"version": sys.argv[3], "name": t["name"], "input_schema": t["input_schema"]},
          open(sys.argv[2], "w"), indent=1, ensure_ascii=False)
PY
