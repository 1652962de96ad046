#!/usr/bin/env bash
# Re-records the task frames (system/task_started, system/task_updated,
# system/task_notification…) the REAL Claude Code writes in stream-json
# for background Bash commands, against corvid's fake Messages API. Not
# run by CI (it needs the Claude Code binary); run it by hand and commit
# the result. Ids, paths and times are replaced by stable placeholders.
#
#   CLAUDE=/path/to/claude testdata/claudecode/tasks/record.sh
#
# frames.ndjson: in the background, a command that exits 0 after a
#                second, one that exits 3, one stopped with TaskStop and an
#                agent; the model then waits in the foreground.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
mkdir -p "$work/home/.claude" "$work/proj"
cat >"$work/sc.json" <<'JSON'
{"allow_unused": true, "turns": [
  {"blocks": [
    {"type": "tool_use", "id": "toolu_ok", "name": "Bash", "input": {"command": "sleep 1; echo bg-done", "description": "nap then say done", "run_in_background": true}},
    {"type": "tool_use", "id": "toolu_bad", "name": "Bash", "input": {"command": "sleep 1; exit 3", "description": "nap then fail", "run_in_background": true}},
    {"type": "tool_use", "id": "toolu_slow", "name": "Bash", "input": {"command": "sleep 60", "description": "long nap", "run_in_background": true}},
    {"type": "tool_use", "id": "toolu_ag", "name": "Agent", "input": {"description": "bg look", "prompt": "M-BG look around", "subagent_type": "general-purpose", "run_in_background": true}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_stop", "name": "TaskStop", "input": {"task_id": "{{result:toolu_slow:ID: }}"}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_wait", "name": "Bash", "input": {"command": "sleep 3", "description": "wait"}}]},
  {"blocks": [{"type": "text", "text": "All ended."}], "repeat": 8}
],
"routes": [{"marker": "M-BG", "turns": [{"blocks": [{"type": "text", "text": "the report"}], "repeat": 3}]}]}
JSON
"$work/fakeapi" -scenario "$work/sc.json" >"$work/url" 2>>"$work/fakeapi.log" &
pid=$!
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
(cd "$work/proj" && HOME=$work/home CLAUDE_CONFIG_DIR=$work/home/.claude \
	ANTHROPIC_BASE_URL=$(head -1 "$work/url") ANTHROPIC_API_KEY=test \
	CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 IS_SANDBOX=1 \
	timeout 120 "$claude" -p --dangerously-skip-permissions --output-format stream-json --verbose \
	'start them' >"$work/out.ndjson")
kill "$pid"; wait "$pid" || true
cp "$work/out.ndjson" "${RAW:-/dev/null}"
python3 - "$work/out.ndjson" "$work" >"$here/frames.ndjson" <<'PY'
import json, re, sys
work = sys.argv[2]
ids = {}
def stable(v, kind):
    return ids.setdefault(v, "%s-%d" % (kind, len([k for k in ids.values() if k.startswith(kind)]) + 1))
def clean(v):
    if isinstance(v, str):
        v = v.replace(work, "<WORK>")
        return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<UUID>", v)
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items()}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v
for line in open(sys.argv[1]):
    d = json.loads(line)
    if d.get("type") != "system" or d.get("subtype") == "init":
        print(json.dumps({"type": d.get("type"), "subtype": d.get("subtype")}))
        continue
    if "task_id" in d:
        d["task_id"] = stable(d["task_id"], "task")
    for t in d.get("tasks", []):
        t["task_id"] = stable(t["task_id"], "task")
    print(json.dumps(clean(d)))
PY
