#!/bin/sh
# Re-records image-prompt.json: how Claude Code sends a prompt with an
# image pasted from the clipboard (ctrl+v, a stub xclip serving a PNG)
# and one dropped on the terminal (a bracketed paste of its escaped path).
# Needs tmux, python3, the real claude binary (CLAUDE=...) and Go (for
# the fake Messages API). Run from the repository root.
set -eu
CLAUDE=${CLAUDE:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
OUT=$(pwd)/internal/tui/testdata/claudecode/image-prompt.json
W=$(mktemp -d)
mkdir -p "$W/rec" "$W/home/.claude" "$W/proj" "$W/stub"
go build -o "$W/fakeapi" ./internal/provider/providertest/cmd/fakeapi
python3 - "$W" <<'EOF'
import struct, sys, zlib
w = sys.argv[1]
def png(width, height):
    rows = b''.join(b'\0' + b''.join(bytes([x*40 % 256, y*40 % 256, 100]) for x in range(width)) for y in range(height))
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) + \
        chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')
open(w + '/proj/shot one.png', 'wb').write(png(6, 4))
open(w + '/stub/clip.png', 'wb').write(png(5, 5))
EOF
cat > "$W/stub/xclip" <<EOF
#!/bin/sh
case "\$*" in
*TARGETS*) printf 'TARGETS\nimage/png\n' ;;
*image/png*) cat "$W/stub/clip.png" ;;
*) exit 1 ;;
esac
EOF
chmod +x "$W/stub/xclip"
echo "{\"hasCompletedOnboarding\":true,\"theme\":\"dark\",\"customApiKeyResponses\":{\"approved\":[\"test\"]},\"projects\":{\"$W/proj\":{\"hasTrustDialogAccepted\":true}}}" > "$W/home/.claude/.claude.json"
"$W/fakeapi" -scenario builtin:hello -loop -record "$W/rec" > "$W/url" &
API=$!
sleep 1
T="tmux -L ccrec"
$T new-session -d -s c -x 120 -y 40 "cd '$W/proj' && env -u WAYLAND_DISPLAY DISPLAY=:99 PATH='$W/stub':\$PATH HOME='$W/home' CLAUDE_CONFIG_DIR='$W/home/.claude' ANTHROPIC_BASE_URL=$(head -1 "$W/url") ANTHROPIC_API_KEY=test CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 '$CLAUDE'; sleep 100"
sleep 6
if $T capture-pane -p -t c | grep -q "API key"; then $T send-keys -t c Up Enter; sleep 4; fi
$T send-keys -t c -l "compare "
$T send-keys -t c C-v
sleep 2
printf '%s' "$W/proj/shot\\ one.png" > "$W/drop"
$T load-buffer -b d "$W/drop"
$T paste-buffer -p -b d -t c
sleep 2
$T send-keys -t c -l " please"
sleep 1
$T send-keys -t c Enter
sleep 8
$T kill-server
kill -INT $API
sleep 2
python3 - "$W" "$OUT" <<'EOF'
import base64, json, re, sys
w, out = sys.argv[1], sys.argv[2]
body = json.load(open(w + '/rec/request-000.json'))['body']
body = json.loads(body) if isinstance(body, str) else body
names = {base64.b64encode(open(w + p, 'rb').read()).decode(): n
         for p, n in (('/stub/clip.png', 'clipboard'), ('/proj/shot one.png', 'dropped'))}
blocks = []
for b in body['messages'][0]['content']:
    if b['type'] == 'image':
        blocks.append({'type': 'image', 'media_type': b['source']['media_type'], 'data': names.get(b['source']['data'], 'other')})
    elif not b['text'].startswith('<system-reminder>'):
        t = re.sub(r'/tmp/claude-[^\]]*/images/1\.png', '<CLIPBOARD-COPY>', b['text']).replace(w + '/proj/', '<PROJ>/')
        blocks.append({'type': 'text', 'text': t})
json.dump({'recorded_with': 'Claude Code 2.1.332 (tmux, stub xclip, fake Messages API); record-image-prompt.sh',
           'typed': "compare <ctrl+v> <drop of '<PROJ>/shot one.png'> please",
           'last_user_message_blocks_without_system_reminders': blocks}, open(out, 'w'), indent=1, ensure_ascii=False)
EOF
rm -rf "$W"
echo "wrote $OUT"
