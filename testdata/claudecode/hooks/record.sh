#!/usr/bin/env bash
# Re-records how the REAL Claude Code runs command hooks, against corvid's
# fake Messages API (fakeapi). Not run by CI (it needs the Claude Code
# binary); run it by hand and commit the result.
#
#   CLAUDE=/path/to/claude testdata/claudecode/hooks/record.sh
#
# One -p run with hook.sh registered for PreToolUse, PostToolUse,
# PostToolUseFailure, SessionStart, SessionEnd and Stop: the model's Bash
# call is denied by a PreToolUse hook, the next one fails, and the Stop
# hook blocks every time. inputs.jsonl is every hook input (the hook's
# stdin), frames.jsonl the stream-json output without init and result
# details, requests.txt the hook texts each request carried. A second
# run registers only a UserPromptSubmit hook that exits 2:
# prompt-blocked.jsonl is its output. Paths are normalised to /project
# and /home/user.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
mkdir -p "$work/home" "$work/proj" "$work/rec"
cp "$here/hook.sh" "$work/hook.sh"
h="[{\"hooks\":[{\"type\":\"command\",\"command\":\"$work/hook.sh\"}]}]"
printf '{"hooks":{"PreToolUse":%s,"PostToolUse":%s,"PostToolUseFailure":%s,"SessionStart":%s,"SessionEnd":%s,"Stop":%s}}\n' \
	"$h" "$h" "$h" "$h" "$h" "$h" >"$work/settings.json"
# claude SETTINGS OUT ARGS...: the fake API, then claude against it.
claude_run() {
	local settings=$1 out=$2
	shift 2
	"$work/fakeapi" -scenario "$here/scenario.json" -record "$work/rec" >"$work/url" 2>"$work/fakeapi.log" &
	local pid=$!
	for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
	(cd "$work/proj" && HOME=$work/home CLAUDE_CONFIG_DIR=$work/home/.claude HOOK_LOG=$work/inputs.jsonl \
		ANTHROPIC_BASE_URL=$(head -1 "$work/url") ANTHROPIC_API_KEY=test \
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 IS_SANDBOX=1 \
		timeout 120 "$claude" -p go --settings "$settings" --dangerously-skip-permissions \
		--output-format stream-json --verbose "$@" >"$out")
	kill -INT "$pid"; wait "$pid" || true
	rm -f "$work/url"
}
claude_run "$work/settings.json" "$work/out.jsonl"
norm() { sed -e "s#$work/hook.sh#/hooks/hook.sh#g" -e "s#$work/proj#/project#g" -e "s#$work/home#/home/user#g" -e "s#-tmp-[A-Za-z0-9.-]*-proj#-project#g"; }
norm <"$work/inputs.jsonl" >"$here/inputs.jsonl"
python3 - "$work/out.jsonl" <<'PY' | norm >"$here/frames.jsonl"
import json, sys
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("subtype") == "init":
        continue
    if m.get("type") == "result":
        m = {k: m.get(k) for k in ("type", "subtype", "is_error", "result", "num_turns", "stop_reason", "terminal_reason")}
    print(json.dumps(m, sort_keys=True))
PY
python3 - "$work/rec" <<'PY' | norm >"$here/requests.txt"
import glob, json, os, re, sys
for f in sorted(glob.glob(os.path.join(sys.argv[1], "request-*.json"))):
    body = json.load(open(f))["body"]
    texts = []
    def walk(x):
        if isinstance(x, dict):
            t = x.get("text") or (x.get("content") if isinstance(x.get("content"), str) else None)
            if isinstance(t, str) and re.search(r"hook|Stop hook", t):
                texts.append(t.split("\n\n#")[0])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(body["messages"])
    print(os.path.basename(f), json.dumps(texts))
PY
printf '{"hooks":{"UserPromptSubmit":%s}}\n' "$h" >"$work/settings2.json"
claude_run "$work/settings2.json" "$work/out2.jsonl"
python3 - "$work/out2.jsonl" <<'PY' | norm >"$here/prompt-blocked.jsonl"
import json, sys
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m.get("subtype") == "init":
        continue
    if m.get("type") == "result":
        m = {k: m.get(k) for k in ("type", "subtype", "is_error", "result", "num_turns", "stop_reason", "terminal_reason")}
    print(json.dumps(m, sort_keys=True))
PY
echo "recorded $(wc -l <"$here/inputs.jsonl") hook inputs" >&2
