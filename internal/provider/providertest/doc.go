// Package providertest is a scripted fake of the Anthropic Messages API for
// tests and benchmarks; nothing in corvid's test suite touches the network.
//
// A Server plays a Scenario: one scripted Turn per POST /v1/messages, sent
// as server-sent events in the same shape, order and chunking the real API
// uses (message_start, ping, content_block_start/delta/stop, message_delta,
// message_stop). Turns can instead inject failures: HTTP errors with
// retry-after, connections cut mid-stream, error events, malformed
// records, and stalls (a request held without headers, or a stream gone
// silent after some events, for a while or until the client leaves).
//
// Every request is recorded and checked against the conversation rules the
// real API enforces (alternating roles, each tool_use answered by exactly
// one tool_result in the next message, unique tool ids, object inputs).
// Start wires a Server to a test and fails it at cleanup when a rule was
// broken or the script was not played to the end.
//
// Nested conversations (sub-agents) get their own scripts: each of
// Scenario.Routes (JSON: "routes": [{"marker": "…", "turns": […]}]) owns
// the requests whose system prompt or first user message contains its
// marker, so conversations that run in parallel are answered in their own
// order whatever the interleaving; Request.Route records which script
// answered.
//
// # Prompt caching
//
// With Scenario.PromptCache set (JSON: "prompt_cache": {"min_tokens":
// 1024}) the server models the API's prompt cache. A request's cacheable
// prefix is a list of elements: its tool definitions, then its system
// blocks, then each message's content blocks, in order. Each element is
// reduced to a canonical JSON form (object keys sorted, cache_control
// removed from it and from blocks nested in its content, a plain string
// read as the text block holding it), and:
//
//   - its token estimate is ceil(len(canonical form) / 4);
//   - the prefix ending at it is identified by a chained sha256: the hash
//     of the previous prefix, a tag (the role on a message's first block)
//     and the canonical form. The chain starts from the model name, and
//     since cache_control is not part of it, moving a breakpoint keeps
//     every prefix's identity.
//
// An element carrying cache_control is a breakpoint. The server remembers
// the prefix at every breakpoint of every request it streams an answer
// to, if that prefix is at least MinTokens long, in one LRU store shared
// by all connections (MaxEntries, default 4096). On a request, the longest
// remembered prefix ending at or before its last breakpoint (optionally
// only within Lookback elements of a breakpoint) is billed as
// cache_read_input_tokens; from there to the last breakpoint is
// cache_creation_input_tokens (split by ttl in cache_creation); the rest
// is input_tokens. Time is not modelled: entries never expire, and ttl
// only sorts the writes. A turn whose Usage is scripted reports that
// usage instead; either way Request.Cache records the model's decision,
// and CacheShare sums the cache-read share over a run.
//
// Whether or not the model is on, a request with more than MaxBreakpoints
// cache_control markers, or a malformed one, is answered 400
// invalid_request_error as the API does, without using a scripted turn.
package providertest
