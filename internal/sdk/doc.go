// Package sdk is corvid's headless front end. It renders the engine's
// events (package event) in the three `--output-format`s of Claude Code's
// print mode:
//
//   - text: only the final result text, one line on stdout;
//   - json: one `result` object at the end, or with verbose a JSON array of
//     every frame;
//   - stream-json: NDJSON, one frame per line, written as events arrive.
//
// Each renderer has a Publish method whose method value is an event.Sink.
// The engine publishes from one goroutine at a time, in order, so the
// renderers do no locking: call Publish, Err and Close from one goroutine,
// or hand the renderer between goroutines with a happens-before edge (as
// returning from app.Run does).
//
// Write errors never panic: the first one is remembered, later output is
// dropped, and Err and Close report it.
//
// The frame types in frames.go are the wire shapes; their field order
// follows Claude Code's output where it is known.
//
// sdk imports event and the contract packages it carries (provider, cost),
// plus version; cli wires it to app. It must not import tui or app.
package sdk
