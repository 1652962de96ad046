#!/usr/bin/env bash
# The end-to-end task benchmark of the core tools: against the scripted
# fake API, the model reads three files in one message (they run in
# parallel), then runs one Bash command, then answers. corvid runs under
# /usr/bin/time -v; the script prints peak RSS and CPU time per run and
# their medians.
#
#   bash bench/task/run.sh [runs]     (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$work/corvid" ./cmd/corvid
go build -o "$work/fakeapi" ./internal/provider/providertest/cmd/fakeapi

mkdir -p "$work/repo"
for f in a b c; do seq 1 2000 | sed "s/^/line of $f /" > "$work/repo/$f.txt"; done
cat > "$work/scenario.json" <<JSON
{"turns": [
  {"blocks": [
    {"type": "text", "text": "Reading the three files."},
    {"type": "tool_use", "id": "toolu_a", "name": "Read", "input": {"file_path": "$work/repo/a.txt"}},
    {"type": "tool_use", "id": "toolu_b", "name": "Read", "input": {"file_path": "$work/repo/b.txt"}},
    {"type": "tool_use", "id": "toolu_c", "name": "Read", "input": {"file_path": "$work/repo/c.txt"}}]},
  {"blocks": [{"type": "tool_use", "id": "toolu_d", "name": "Bash", "input": {"command": "wc -l a.txt b.txt c.txt"}}]},
  {"blocks": [{"type": "text", "text": "Each file has 2000 lines."}]}
]}
JSON

rss=(); cpu=()
for i in $(seq "$runs"); do
  rm -f "$work/url"
  "$work/fakeapi" -scenario "$work/scenario.json" -exit-when-done > "$work/url" &
  fake=$!
  while [ ! -s "$work/url" ]; do sleep 0.01; done
  url=$(head -1 "$work/url")
  (cd "$work/repo" && ANTHROPIC_BASE_URL=$url ANTHROPIC_API_KEY=bench CORVID_CONFIG_DIR="$work/cfg" \
    /usr/bin/time -v "$work/corvid" -p "How long are a.txt, b.txt and c.txt?" > "$work/out" 2> "$work/time")
  wait "$fake" || true
  grep -q "2000 lines" "$work/out" || { echo "unexpected output:"; cat "$work/out"; exit 1; }
  r=$(awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}' "$work/time")
  u=$(awk -F: '/User time/ {print $2}' "$work/time"); s=$(awk -F: '/System time/ {print $2}' "$work/time")
  c=$(echo "$u + $s" | bc -l)
  rss+=("$r"); cpu+=("$c")
  printf 'run %2d: peak RSS %6.1f MiB  CPU %.3f s\n' "$i" "$(echo "$r/1024" | bc -l)" "$c"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf 'median: peak RSS %.1f MiB, CPU %.3f s (n=%d)\n' "$(echo "$(median "${rss[@]}")/1024" | bc -l)" "$(median "${cpu[@]}")" "$runs"
