// Package tool is the contract every corvid tool implements: its name,
// model-facing description and input schema, how its input is validated,
// whether a given input is read-only, concurrency-safe or destructive, how it
// behaves when the user interrupts, and Call, which does the work and
// reports progress.
//
// Tools embed Base, which fails closed: not read-only, not
// concurrency-safe, not interruptible. Func adapts plain functions (tests
// and small tools). A Registry finds tools by name or alias.
//
// Two error channels: a problem the model can act on is a Result with
// IsError set; a Go error from Call means the harness broke.
package tool
