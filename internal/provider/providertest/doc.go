// Package providertest is a scripted fake of the Anthropic Messages API for
// tests and benchmarks; nothing in corvid's test suite touches the network.
//
// A Server plays a Scenario: one scripted Turn per POST /v1/messages, sent
// as server-sent events in the same shape, order and chunking the real API
// uses (message_start, ping, content_block_start/delta/stop, message_delta,
// message_stop). Turns can instead inject failures: HTTP errors with
// retry-after, connections cut mid-stream, error events and malformed
// records.
//
// Every request is recorded and checked against the conversation rules the
// real API enforces (alternating roles, each tool_use answered by exactly
// one tool_result in the next message, unique tool ids, object inputs).
// Start wires a Server to a test and fails it at cleanup when a rule was
// broken or the script was not played to the end.
package providertest
