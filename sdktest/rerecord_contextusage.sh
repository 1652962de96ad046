#!/bin/sh
# Re-records testdata/contextusage.claude.json: contextusage.mjs run by
# the official SDK against the real Claude Code (CLAUDE_BIN) and the fake
# API. Needs `npm ci --omit=optional` here and Go.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${CLAUDE_BIN:=/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}"
tmp=$(mktemp -d)
trap 'kill "$fake" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/work" "$tmp/home" "$tmp/cfg"
echo '{"allow_unused": true, "turns": [{"blocks": [{"type": "text", "text": "hi there"}]}]}' > "$tmp/sc.json"
(cd "$here/.." && go build -o "$tmp/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
"$tmp/fakeapi" -scenario "$tmp/sc.json" > "$tmp/url" &
fake=$!
while [ ! -s "$tmp/url" ]; do sleep 0.1; done
cd "$here"
CORVID_BIN="$CLAUDE_BIN" WORK="$tmp/work" ANTHROPIC_BASE_URL=$(head -1 "$tmp/url") ANTHROPIC_API_KEY=test \
	HOME="$tmp/home" CLAUDE_CONFIG_DIR="$tmp/cfg" CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
	DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 node contextusage.mjs | sed "s|$tmp/work|<WORK>|g" > testdata/contextusage.claude.json
cat testdata/contextusage.claude.json
