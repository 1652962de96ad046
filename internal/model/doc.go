// Package model is corvid's catalog of Claude models: what an alias or id
// resolves to, how large its context window and output budget are, and what
// its tokens cost.
//
// The catalog is data copied from a late-2026 Claude Code build; ids it does
// not know still resolve, to conservative defaults, so a new model works
// before the table learns about it. The package never reads the
// environment: callers that honour ANTHROPIC_DEFAULT_*_MODEL put those
// values in a Resolver's overrides.
package model
