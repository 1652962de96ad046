#!/usr/bin/env bash
# Re-records Claude Code's hook frames (--include-hook-events) against
# corvid's fake Messages API: the REAL Claude Code runs one Bash call with
# command hooks on UserPromptSubmit, PreToolUse, PostToolUse and Stop.
# Not run by CI (it needs the Claude Code binary); run it by hand and
# commit the result. Ids are replaced by stable placeholders.
#
#   CLAUDE=/path/to/claude testdata/claudecode/hooks/record.sh
#
# frames-success.ndjson  exit 1 on PreToolUse, JSON on PostToolUse, exit 0 elsewhere
# frames-block.ndjson    exit 2 on PreToolUse, stderr on UserPromptSubmit, a Stop timeout
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
mkdir -p "$work/home/.claude" "$work/proj/.claude"
cat >"$work/sc.json" <<'JSON'
{"turns": [
  {"blocks": [{"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "echo hi", "description": "say hi"}}]},
  {"blocks": [{"type": "text", "text": "Done."}]}
]}
JSON
# record SETTINGS OUT
record() {
	cp "$1" "$work/proj/.claude/settings.json"
	"$work/fakeapi" -scenario "$work/sc.json" >"$work/url" 2>>"$work/fakeapi.log" &
	local pid=$!
	for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
	(cd "$work/proj" && HOME=$work/home CLAUDE_CONFIG_DIR=$work/home/.claude \
		ANTHROPIC_BASE_URL=$(head -1 "$work/url") ANTHROPIC_API_KEY=test \
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 IS_SANDBOX=1 \
		timeout 120 "$claude" -p --dangerously-skip-permissions --output-format stream-json --verbose \
		--include-hook-events 'say hi' >"$work/out.ndjson")
	kill "$pid"; wait "$pid" || true
	rm -f "$work/url"
	python3 - "$work/out.ndjson" >"$2" <<'PY'
import json, sys
ids = {}
def stable(v, kind):
    return ids.setdefault(v, "%s-%d" % (kind, len([k for k in ids.values() if k.startswith(kind)]) + 1))
for line in open(sys.argv[1]):
    d = json.loads(line)
    if d.get("type") != "system" or not d.get("subtype", "").startswith("hook_"):
        print(json.dumps({"type": d.get("type"), "subtype": d.get("subtype")}))
        continue
    d["hook_id"] = stable(d["hook_id"], "hook")
    d["uuid"], d["session_id"] = "UUID", "SESSION"
    print(json.dumps(d))
PY
}
cat >"$work/s1.json" <<'JSON'
{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre-out; echo pre-err >&2; exit 1"}]}],
 "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"ctx\"}}'"}]}],
 "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo prompt-ctx"}]}],
 "Stop": [{"hooks": [{"type": "command", "command": "exit 0"}]}]}}
JSON
cat >"$work/s2.json" <<'JSON'
{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre-out; echo pre-err >&2; exit 2"}]}],
 "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo p-out; echo p-err >&2; exit 0"}]}],
 "Stop": [{"hooks": [{"type": "command", "command": "sleep 5", "timeout": 1}]}]}}
JSON
record "$work/s1.json" "$here/frames-success.ndjson"
record "$work/s2.json" "$here/frames-block.ndjson"
