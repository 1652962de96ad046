#!/usr/bin/env bash
# Re-records recorded.json: for each case of cases.json, what the REAL
# Claude Code sends for a custom command or skill (proj/ holds the
# definitions) against corvid's fake API — the last user message of the
# last request, without the reminders Claude Code adds for its own
# context (git status, attribution, the unknown-command note, which
# corvid words itself), keeping the note of an attached @file. Paths are
# written as $PROJ and the session id as $SESSION. Not run by CI; run it
# by hand and commit the result. internal/app's oracle test compares
# corvid's requests with it.
#
#   CLAUDE=/path/to/claude testdata/claudecode/commands/record.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
python3 - "$here" "$work" "$claude" <<'PY'
import json, os, shutil, subprocess, sys
here, work, claude = sys.argv[1:4]
recorded = {}
for c in json.load(open(here + "/cases.json")):
    d = os.path.join(work, c["name"]); os.makedirs(d + "/home/.claude")
    proj = d + "/proj"; shutil.copytree(here + "/proj", proj)
    json.dump({"turns": c["turns"]}, open(d + "/scenario.json", "w"))
    fake = subprocess.Popen([work + "/fakeapi", "-scenario", d + "/scenario.json", "-exit-when-done",
                             "-record", d + "/reqs"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = fake.stdout.readline().strip()
    env = dict(os.environ, HOME=d + "/home", CLAUDE_CONFIG_DIR=d + "/home/.claude", ANTHROPIC_BASE_URL=url,
               ANTHROPIC_API_KEY="test", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
               DISABLE_AUTOUPDATER="1", IS_SANDBOX="1")
    out = subprocess.run([claude, "-p", c["prompt"], "--output-format", "stream-json", "--verbose"],
                         cwd=proj, env=env, capture_output=True, text=True, timeout=120).stdout
    fake.wait(timeout=30)
    session = json.loads(out.splitlines()[0])["session_id"]
    last = sorted(os.listdir(d + "/reqs"))[-1]
    msgs = json.load(open(d + "/reqs/" + last))["body"]["messages"]
    users = [m for m in msgs if m["role"] == "user"]
    content = users[-1]["content"]
    blocks = []
    for b in content if not isinstance(content, str) else [{"type": "text", "text": content}]:
        if b["type"] == "tool_result":
            blocks.append({"type": "tool_result", "content": b["content"]})
        elif b["type"] == "text" and not b["text"].startswith("<system-reminder>"):
            blocks.append({"type": "text", "text": b["text"]})
    mentions = [m["content"] if isinstance(m["content"], str) else m["content"][0]["text"] for m in msgs
                if m["role"] == "user" and "Called the Read tool" in json.dumps(m["content"])]
    norm = lambda s: s.replace(proj, "$PROJ").replace(session, "$SESSION")
    recorded[c["name"]] = json.loads(norm(json.dumps({"blocks": blocks, "mentions": mentions})))
json.dump(recorded, open(here + "/recorded.json", "w"), indent=1, sort_keys=True)
PY
