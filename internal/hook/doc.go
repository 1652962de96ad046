// Package hook holds corvid's hook decision logic: which registered hooks
// match an event, what input they are given (Claude Code's hook input
// JSON), and how their JSON outputs combine into one decision
// (deny > ask > allow for PreToolUse; a block on UserPromptSubmit and
// Stop; additionalContext for the model).
//
// Where a hook runs is a Runner's business: the Agent SDK host runs them
// as hook_callback control requests; command hooks from settings files
// will be another Runner. A Set implements executor.Hooks and the
// conversation's prompt and stop hook points.
package hook
