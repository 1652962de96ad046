#!/usr/bin/env bash
# Agent SDK benchmarks: corvid, and the real Claude Code when CLAUDE_BIN
# names it, driven by the SDK installed in sdktest/ (npm ci --omit=optional
# there first) against the fake Messages API. N runs per scenario (10).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$tmp/corvid" ./cmd/corvid
go build -o "$tmp/fakeapi" ./internal/provider/providertest/cmd/fakeapi
node bench/sdk/bench.mjs --exe "$tmp/corvid" --fakeapi "$tmp/fakeapi" -n "${N:-10}"
if [ -n "${CLAUDE_BIN:-}" ]; then
  node bench/sdk/bench.mjs --exe "$CLAUDE_BIN" --fakeapi "$tmp/fakeapi" -n "${N:-10}"
fi
