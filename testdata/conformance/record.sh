#!/bin/sh
# Re-record the Claude Code side of the conformance fixtures
# (testdata/conformance/*/claude.json) from a real Claude Code binary run
# against corvid's fake Messages API. Usage, from anywhere in the repo:
#
#   testdata/conformance/record.sh [path/to/claude] [-run TestRecordClaudeCode/NAME]
#
# The default binary is the one shipped in the Agent SDK's npm package.
set -eu
claude=${1:-/tmp/npmtest/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
[ $# -gt 0 ] && shift
cd "$(dirname "$0")/../.."
"$claude" --version
CORVID_RECORD_CLAUDE=$(realpath "$claude") exec go test ./internal/conformance \
	-run TestRecordClaudeCode -count=1 -v "$@"
