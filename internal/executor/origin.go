package executor

// Origin says which stage of the pipeline produced a call's result. Only a
// result the tool itself returned can be a failure of the command; a
// result made before the tool ran (bad input, a hook's block, a permission
// denial) says nothing about the work the sibling calls do, so it never
// cancels them.
type Origin uint8

// The stages, in pipeline order. The zero value is OriginUnknown, which
// never cascades: a result whose origin nobody recorded is not evidence
// that a command ran and failed.
const (
	OriginUnknown Origin = iota
	// OriginInput: the input could not be read or failed validation.
	OriginInput
	// OriginHook: a PreToolUse hook blocked the call.
	OriginHook
	// OriginPermission: the permission checker (rules, mode, the user)
	// refused the call.
	OriginPermission
	// OriginTool: the tool ran and the result is its own (including an
	// error it returned, a panic or a cancellation while it ran).
	OriginTool
)

func (o Origin) String() string {
	switch o {
	case OriginInput:
		return "input"
	case OriginHook:
		return "hook"
	case OriginPermission:
		return "permission"
	case OriginTool:
		return "tool"
	}
	return "unknown"
}

// cascades reports whether o's error result must cancel the sibling calls
// of a tool that aborts its siblings on error: only when the tool ran.
func (o Origin) cascades() bool { return o == OriginTool }
