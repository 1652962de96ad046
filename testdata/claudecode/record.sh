#!/usr/bin/env bash
# Re-records the Claude Code reference data in this directory: the REAL
# Claude Code CLI run against corvid's fake Messages API (fakeapi), its
# transcripts and the requests it sent. Not run by CI (it needs the
# Claude Code binary); run it by hand and commit the result.
#
#   CLAUDE=/path/to/claude testdata/claudecode/record.sh
#
# Scenarios:
#   parallel/  one prompt; the model reads three files in parallel, then
#              answers. session.jsonl is the transcript; request-001.json
#              is Claude Code's second request (the three results).
#   compact/   the same session after `-p /compact` (a compaction that
#              keeps the last message verbatim); request-000.json is the
#              request Claude Code sends when that session is resumed
#              with a new prompt.
# Paths are normalised: the project to /project, the home to /home/user;
# system prompt and tool definitions in requests are elided (their size
# and wording change every release and nothing here checks them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
mkdir -p "$work/home" "$work/proj"
printf 'alpha\n' >"$work/proj/a.txt"
printf 'beta\n' >"$work/proj/b.txt"
printf 'gamma\n' >"$work/proj/c.txt"
sed "s#@PROJ@#$work/proj#g" "$here/scenario-parallel.json" >"$work/s1.json"

# run SCENARIO RECORD_DIR ARGS...: the fake API, then claude against it.
run() {
	local sc=$1 rec=$2
	shift 2
	"$work/fakeapi" -scenario "$sc" -record "$rec" >"$work/url" 2>>"$work/fakeapi.log" &
	local pid=$!
	for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
	(cd "$work/proj" && HOME=$work/home CLAUDE_CONFIG_DIR=$work/home/.claude \
		ANTHROPIC_BASE_URL=$(head -1 "$work/url") ANTHROPIC_API_KEY=test \
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 IS_SANDBOX=1 \
		timeout 120 "$claude" --dangerously-skip-permissions --output-format stream-json --verbose "$@" >/dev/null)
	kill "$pid"; wait "$pid" || true
	rm -f "$work/url"
}
norm() { sed -e "s#$work/proj#/project#g" -e "s#$work/home#/home/user#g" -e "s#-tmp-[A-Za-z0-9-]*-proj#-project#g"; }
# elide drops the system prompt and tool definitions of a recorded request.
elide() {
	python3 -c '
import json,sys
d=json.load(sys.stdin); b=d["body"]
for k in ("system","tools"):
    if k in b: b[k]="<%d %s elided>" % (len(b[k]), k)
d["header"].pop("Content-Length", None)
json.dump(d, sys.stdout, indent=2); print()'
}

run "$work/s1.json" "$work/r1" -p "read a.txt b.txt c.txt"
file=$(ls "$work"/home/.claude/projects/*/*.jsonl)
id=$(basename "$file" .jsonl)
mkdir -p "$here/parallel" "$here/compact"
norm <"$file" >"$here/parallel/session.jsonl"
norm <"$work/r1/request-001.json" | elide >"$here/parallel/request-001.json"

run "$here/scenario-compact.json" "$work/r2" -p /compact --resume "$id"
norm <"$file" >"$here/compact/session.jsonl"
run "$here/scenario-after.json" "$work/r3" -p "what did they say" --resume "$id"
norm <"$work/r3/request-000.json" | elide >"$here/compact/request-000.json"
echo "recorded session $id" >&2
