#!/usr/bin/env bash
# Re-records how Claude Code sends /mcp__<server>__<prompt> turns (the
# user message's blocks after its own attribution reminder) and what it
# answers for a missing required argument, with server-everything from
# mcptest/servers. Needs the real Claude Code (CLAUDE) and corvid's fake
# API (FAKEAPI: go build -o /tmp/fakeapi ./internal/provider/providertest/cmd/fakeapi).
#   CLAUDE=/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude \
#   FAKEAPI=/tmp/fakeapi testdata/mcp/claudecode/record_prompts.sh
# (Claude Code 2.1.332 does not expand @server:uri mentions in -p or
# stream-json input, so there is nothing to record for them here.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
servers=$(cd "$here/../../../mcptest/servers" && pwd)
work=$(mktemp -d)
trap 'kill $api 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
mkdir -p home cfg rec
"$FAKEAPI" -scenario builtin:hello -loop -record "$work/rec" > api.out 2>&1 &
api=$!
for _ in $(seq 50); do [ -s api.out ] && break; sleep 0.1; done
cat > mcp.json <<JSON
{"mcpServers": {"everything": {"command": "$servers/node_modules/.bin/mcp-server-everything"}}}
JSON
cases=(paris:'/mcp__everything__args-prompt Paris'
  quoted:'/mcp__everything__args-prompt "New York" NY'
  extra:'/mcp__everything__args-prompt San Francisco CA extra'
  simple:'/mcp__everything__simple-prompt'
  missing:'/mcp__everything__args-prompt')
for c in "${cases[@]}"; do
  name=${c%%:*}
  env HOME="$work/home" CLAUDE_CONFIG_DIR="$work/cfg" ANTHROPIC_BASE_URL="$(head -1 api.out)" ANTHROPIC_API_KEY=test \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 MCP_TIMEOUT=20000 \
    "$CLAUDE" -p "${c#*:}" --mcp-config mcp.json --output-format stream-json --verbose > "out_$name.jsonl"
done
kill $api; wait $api 2>/dev/null || true
python3 - "$here/prompts_recorded.json" "${cases[@]}" <<'PY'
import glob, json, sys
out, cases = sys.argv[1], sys.argv[2:]
reqs = sorted(glob.glob("rec/request-*.json"))
rec, i = {}, 0
for c in cases:
    name, prompt = c.split(":", 1)
    frames = [json.loads(l) for l in open(f"out_{name}.jsonl")]
    init = next(f for f in frames if f.get("subtype") == "init")
    result = next(f for f in frames if f["type"] == "result")
    entry = {"prompt": prompt, "result": result.get("result"), "is_error": result["is_error"],
             "mcp_slash_commands": [s for s in init["slash_commands"] if s.startswith("mcp__")]}
    if result.get("num_turns", 0) > 0:
        body = json.load(open(reqs[i]))["body"]; i += 1
        user = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
        entry["blocks"] = [{"type": b["type"], "text": b["text"]} for b in user if "Attribution" not in b.get("text", "")]
    rec[name] = entry
rec["claude_code_version"] = frames[0].get("claude_code_version")
json.dump(rec, open(out, "w"), indent=1)
PY
