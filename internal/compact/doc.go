// Package compact keeps a conversation inside the model's context window.
//
// It offers three things, all free of engine types so the engine decides
// when to use them:
//
//   - the auto-compact threshold (Threshold, Due): the window minus an
//     output reserve minus a safety buffer, lowered by user overrides;
//   - micro-compaction (Micro): old, large tool results are replaced by a
//     short stub, without a model call;
//   - full compaction (Compactor.Compact): the older part of the history is
//     summarised by the model and replaced by one user message holding the
//     summary followed by what must never be lost (instruction files, the
//     todo list, recently read files, notes), then the recent tail verbatim.
//
// SplitTail chooses that tail and Validate checks that a history is one the
// Messages API accepts (starts with a user turn, roles alternate, every
// tool_use answered by exactly one tool_result).
package compact
