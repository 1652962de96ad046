#!/usr/bin/env bash
# Start-up to the first API request in a fresh clone: a repository whose
# index was never refreshed (corvid's git commands run with
# --no-optional-locks, so they never refresh it either), against the same
# clone after one plain `git status` has refreshed the index.
#
#   CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /tmp/corvid ./cmd/corvid
#   bash bench/freshclone.sh /tmp/corvid [N] [OTHER_BINARY...]
#
# Each binary is measured in turn with startbench (-n N, default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-/tmp/corvid}; n=${2:-30}; shift $(( $# >= 2 ? 2 : $# ))
bins=("$bin" "$@")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/startbench" ./bench/cmd/startbench
git clone -q --no-local "$PWD" "$tmp/clone"
first() { "$tmp/startbench" -bin "$1" -n "$n" -dir "$tmp/clone" | grep 'first API request'; }
echo "== fresh clone (index never refreshed)"
for b in "${bins[@]}"; do echo "$b"; first "$b"; done
git -C "$tmp/clone" status >/dev/null
echo "== the same clone after one git status"
for b in "${bins[@]}"; do echo "$b"; first "$b"; done
