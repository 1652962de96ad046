// Package engine is corvid's query engine: one Engine per conversation
// holds the messages, usage and cost, permission denials and turn count,
// and Submit runs the query loop for a prompt: stream the model's answer,
// hand each tool_use to the executor the moment its block closes, append
// the assistant message and the tool results, and repeat while the model
// asks for tools.
//
// Around that loop it recovers what can be recovered: retries before and
// during a stream (each one announced; a response whose stream failed
// after a call with side effects started is kept and continued instead,
// since a call that has started is never started again), a fallback
// model on overload,
// continuation after max_tokens, and it ends the run cleanly on max turns,
// budget, API errors and interrupts, always leaving every tool_use with
// exactly one tool_result.
//
// New takes a Config of three parts: Deps (the services it calls), Policy
// (limits and choices a host may change between turns, through
// UpdatePolicy) and State (the conversation's own). The init event that
// opens each turn is the front end's data (State.Init); the engine only
// publishes it.
package engine
