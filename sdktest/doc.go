// Package sdktest holds the Agent SDK acceptance tests: node scripts that
// drive the official TypeScript Agent SDK (@anthropic-ai/claude-agent-sdk,
// pinned in package.json) with corvid as its pathToClaudeCodeExecutable,
// against the scripted fake Messages API. The Go tests build corvid,
// start the fake API, run one script per scenario and check what the
// script saw and what the API received.
//
// They need node and `npm ci --omit=optional` in this directory (.ci/run
// does it); without them they skip, except in CI (CI=true), where they
// fail.
package sdktest
