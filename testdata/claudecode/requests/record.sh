#!/usr/bin/env bash
# Re-records recorded.json: for each case of cases.json, the request the
# REAL Claude Code sends (one -p prompt, --output-format json) against
# corvid's fake API, reduced to what the request-shape test compares:
# model, max_tokens, thinking, context_management, output_config,
# temperature, the anthropic-beta list, User-Agent, whether the
# X-Claude-Code-Session-Id header was sent and the keys of
# metadata.user_id. Not run by CI; run it by hand and commit the result.
#
#   CLAUDE=/path/to/claude testdata/claudecode/requests/record.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
claude=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi)
echo '{"turns":[{"blocks":[{"type":"text","text":"ok"}]}]}' >"$work/scenario.json"
python3 - "$here/cases.json" "$work" "$claude" "$here/recorded.json" <<'PY'
import json, os, subprocess, sys, time
cases, work, claude, out = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4]
recorded = {}
for c in cases:
    d = os.path.join(work, c["name"]); os.makedirs(d + "/home"); os.makedirs(d + "/proj")
    fake = subprocess.Popen([work + "/fakeapi", "-scenario", work + "/scenario.json", "-exit-when-done",
                             "-record", d + "/reqs"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = fake.stdout.readline().strip()
    env = dict(os.environ, HOME=d + "/home", CLAUDE_CONFIG_DIR=d + "/home/.claude", ANTHROPIC_BASE_URL=url,
               ANTHROPIC_API_KEY="test", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
               DISABLE_AUTOUPDATER="1", IS_SANDBOX="1")
    for kv in c["claude_env"]:
        k, v = kv.split("=", 1); env[k] = v
    subprocess.run([claude, "-p", c.get("prompt", "hi"), "--output-format", "json"] + c["claude_args"],
                   cwd=d + "/proj", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    fake.wait(timeout=30)
    r = json.load(open(d + "/reqs/request-000.json")); b = r["body"]; h = r["header"]
    uid = json.loads(b.get("metadata", {}).get("user_id", "{}"))
    recorded[c["name"]] = {k: b.get(k) for k in ("model", "max_tokens", "thinking", "context_management", "output_config", "temperature")}
    recorded[c["name"]].update(betas=h.get("Anthropic-Beta", [""])[0].split(","), user_agent=h.get("User-Agent", [""])[0],
                               session_header="X-Claude-Code-Session-Id" in h, user_id_keys=sorted(uid))
json.dump(recorded, open(out, "w"), indent=1, sort_keys=True)
PY
