// Package tool is the contract every corvid tool implements: its name,
// model-facing description and input schema, how its input is validated,
// whether a given input is read-only, concurrency-safe or destructive, how it
// behaves when the user interrupts, and Call, which does the work and
// reports progress.
//
// Tools embed Base, which fails closed: not read-only, not
// concurrency-safe, not interruptible. Func adapts plain functions (tests
// and small tools). A Registry finds tools by name or alias; tools may be
// added and removed while a conversation runs, and each request works on
// a Snapshot.
//
// What a tool is (its Kind, the subject or path its permission rules
// match, its rule parameters and family, whether its results may be
// cleared, its advice for the system prompt) it says itself, through the
// optional interfaces in describe.go, implemented in its own package; the
// permission engine, compaction, the prompt and the MCP server read them.
// A tool that says nothing is KindOther.
//
// Two error channels: a problem the model can act on is a Result with
// IsError set; a Go error from Call means the harness broke.
package tool
