// Package hook holds corvid's hook decision logic: which registered hooks
// match an event, what input they are given (Claude Code's hook input
// JSON), and how their JSON outputs combine into one decision
// (deny > ask > allow for PreToolUse; a block on UserPromptSubmit and
// Stop; additionalContext for the model).
//
// It also reads the "hooks" key of settings files (Decode, FromLayers:
// handlers with their event, matcher and file; identical ones once;
// disableAllHooks and allowManagedHooksOnly) and registers them for a
// Set (Register).
//
// Where a hook runs is a Runner's business: the Agent SDK host runs them
// as hook_callback control requests; internal/hookrun runs the command,
// http and prompt handlers of settings files. Combine joins Sets with
// different runners into one. A Set implements executor.Hooks and the
// conversation's prompt and stop hook points.
package hook
