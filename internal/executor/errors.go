package executor

import "errors"

// ErrInterrupted is the cause to cancel a turn's context with when the user
// interrupts: calls that Block on interrupt finish, the rest are cancelled.
// Any other cause cancels every running call.
var ErrInterrupted = errors.New("interrupted by user")

// ErrSiblingFailed is the cause a call's context is cancelled with when a
// sibling call failed.
var ErrSiblingFailed = errors.New("a parallel tool call failed")

// ErrDiscarded is the cause a call's context is cancelled with when its
// executor was discarded (streaming fallback).
var ErrDiscarded = errors.New("tool execution discarded")
