package conformance

import "slices"

// Reasons shared by several allowances.
const (
	whyTelemetry = "Claude Code's own telemetry, feature flags and accounting (fast mode, subagents, " +
		"per-result indices, timing breakdowns); corvid has no such features"
	whyCatalog  = "the tools, agents, skills, plugins and commands differ: corvid ships its own set"
	whyWording  = "corvid's own wording of the same outcome"
	whyCutUsage = "usage of a response an interrupt cut: corvid counts what message_start reported; " +
		"Claude Code counts nothing in usage and an estimate of the streamed tokens in modelUsage"
)

// Allowances are the differences between corvid and the recorded Claude
// Code that are known and explained; docs/compatibility.md lists each with
// its reason. Compare's output must be empty once these are filtered out,
// and each must still explain some difference.
var Allowances = slices.Concat(initKeys, resultKeys, known)

// initKeys are system/init keys corvid does not write.
var initKeys = missing("system/init", whyTelemetry+"; or state corvid does not have (sandbox, "+
	"memory paths, view mode, a messaging socket, extra directories)",
	"additional_directories", "analytics_disabled", "fast_mode_disabled_reason", "fast_mode_state",
	"memory_paths", "messaging_socket_path", "original_cwd", "per_turn_effort_active",
	"product_feedback_disabled", "sandbox_enabled", "served_by_anthropic", "ultrathink_available",
	"ultrathink_typed_raises", "view_mode")

// resultKeys are result keys corvid does not write.
var resultKeys = missing("result/*", whyTelemetry+"; or usage and modelUsage detail corvid's "+
	"accounting does not keep (speed, iterations, inference_geo, fallback_credit, thinking tokens, "+
	"cache-write split per model, canonical model, provider, cost basis)",
	"fast_mode_disabled_reason", "fast_mode_state", "first_content_frame_ms",
	"model_usage_since_last_result", "queued_turn_count", "result_index", "safety_stops",
	"subagent_stats", "time_to_request_ms", "ttft_ms", "ttft_stream_ms", "begun_message_ids",
	"usage.fallback_credit", "usage.inference_geo", "usage.iterations", "usage.output_tokens_details",
	"usage.speed", "modelUsage.*.cacheCreationEphemeral1hInputTokens",
	"modelUsage.*.cacheCreationEphemeral5mInputTokens", "modelUsage.*.canonicalModel",
	"modelUsage.*.costBasis", "modelUsage.*.provider", "modelUsage.*.thinkingTokens")

// missing allows each key to be absent from corvid's frames of kind frame.
func missing(frame, reason string, keys ...string) []Allowance {
	out := make([]Allowance, len(keys))
	for i, k := range keys {
		out[i] = Allowance{Frame: frame, Path: k, What: Missing, Reason: reason}
	}
	return out
}

// known are the other allowed differences.
var known = []Allowance{
	// system/init: what the session runs with.
	{Frame: "system/init", Path: "tools", What: Value, Reason: whyCatalog},
	{Frame: "system/init", Path: "agents", What: Value, Reason: whyCatalog},
	{Frame: "system/init", Path: "skills", What: Value, Reason: whyCatalog},
	{Frame: "system/init", Path: "plugins", What: Value, Reason: whyCatalog},
	{Frame: "system/init", Path: "slash_commands", What: Value, Reason: whyCatalog},
	{Frame: "system/init", Path: "terminal_slash_commands", What: Missing, Reason: whyCatalog},
	{Frame: "system/init", Path: "capabilities", What: Missing,
		Reason: "feature flags of Claude Code's control protocol; optional for hosts"},

	// assistant frames.
	{Frame: "assistant", Path: "request_id", What: Missing,
		Reason: "the provider adapter does not pass the API's request-id of a successful response through"},
	{Frame: "assistant", Path: "message.usage.service_tier", What: Extra,
		Reason: "corvid writes the full usage object the real API sends; the fake API's message_start has no service tier"},
	{Frame: "assistant", Path: "message.usage.cache_creation", What: Extra,
		Reason: "corvid writes the full usage object the real API sends; the fake API's message_start has no split"},

	// user frames (tool results).
	{Frame: "user", Path: "tool_result_meta", What: Missing,
		Reason: "Claude Code's record of why each call was allowed; not part of the SDK message types"},
	{Frame: "user", Path: "message.content[].content", What: Value, Claude: `"1\t*\t"`, Corvid: `"1\t*"`,
		Reason: "Read: Claude Code shows the empty line after a final newline as a numbered line; corvid does " +
			"not show it to the model (numLines, totalLines and content count it, as Claude Code's do)"},
	{Frame: "user", Path: "message.content[].content", What: Value,
		Claude: `"The file * has been updated successfully. (file state is current*"`,
		Corvid: `"The file * has been updated successfully.\nSnippet of the edited file:*"`,
		Reason: "Edit: corvid shows the model a snippet of the edited lines"},
	{Frame: "user", Path: "message.content[].content", What: Value, Cases: []string{"denial"},
		Claude: `"touch in * needs approval.*"`, Corvid: `"corvid needs permission to run *"`,
		Reason: whyWording + " (the permission engines explain a refusal differently)"},
	{Frame: "user", Path: "tool_use_result", What: Value, Cases: []string{"denial"},
		Claude: `"Error: touch in * needs approval.*"`, Corvid: `"corvid needs permission to run *"`,
		Reason: whyWording},
	{Frame: "system/permission_denied", Path: "message", What: Value, Cases: []string{"denial"},
		Claude: `"touch in * needs approval.*"`, Corvid: `"corvid needs permission to run *"`,
		Reason: whyWording},
	{Frame: "user", Path: "message.content[].content", What: Value, Cases: []string{"interrupt_tool"},
		Claude: `"The user doesn't want to proceed with this tool use.*"`, Corvid: `"The user interrupted this tool call*"`,
		Reason: "an interrupted call's result says the call was interrupted (it may have done part of its work), " +
			"not that the user rejected it"},
	{Frame: "user", Path: "tool_use_result", What: Value, Cases: []string{"interrupt_tool"},
		Claude: `"User rejected tool use"`, Corvid: `"The user interrupted this tool call*"`,
		Reason: "as above: the call was interrupted, not rejected"},

	// stream events (--include-partial-messages).
	{Frame: "stream_event/*", Path: "api_message_id", What: Missing,
		Reason: "not in the SDK's stream_event type; the message id is in message_start"},
	{Frame: "stream_event/message_start", Path: "ttft_ms", What: Missing, Reason: whyTelemetry},
	{Frame: "stream_event/message_start", Path: "thinking_display", What: Missing,
		Reason: "Claude Code's display setting for thinking; corvid has no display"},

	// result frames.
	{Frame: "result/error_during_execution", Path: "errors[]", What: Value,
		Cases:  []string{"interrupt_tool", "interrupt_stream"},
		Claude: `"[ede_diagnostic]*"`, Corvid: `"Interrupted by user"`,
		Reason: "Claude Code reports an internal diagnostic; corvid says what happened"},
	{Frame: "result/error_during_execution", Path: "usage.*_tokens", What: Value, Cases: []string{"interrupt_stream"},
		Reason: whyCutUsage},
	{Frame: "result/error_during_execution", Path: "modelUsage.*.outputTokens", What: Value,
		Cases: []string{"interrupt_stream"}, Reason: whyCutUsage},
	{Frame: "run", Path: "exit", What: Value, Cases: []string{"interrupt_stream", "interrupt_tool"},
		Claude: "0", Corvid: "130",
		Reason: "corvid exits 128+SIGINT after an interrupt, as its documented exit codes say; Claude Code exits 0"},
}
