#!/bin/sh
# The command hook of record.sh: it appends its input to $HOOK_LOG and
# answers by event (a PreToolUse deny with a reason for "echo one",
# plain stdout for SessionStart, context for PostToolUseFailure, a Stop
# that always blocks, a UserPromptSubmit that blocks with exit 2).
in=$(cat)
printf '%s\n' "$in" >>"$HOOK_LOG"
case "$in" in
*'"hook_event_name":"PreToolUse"'*'echo one'*)
	echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"REASON-DENY-1"}}' ;;
*'"hook_event_name":"SessionStart"'*) echo "SS-PLAIN-STDOUT" ;;
*'"hook_event_name":"PostToolUseFailure"'*)
	echo '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"PTUF-CTX"}}' ;;
*'"hook_event_name":"Stop"'*) echo '{"decision":"block","reason":"STOP-REASON"}' ;;
*'"hook_event_name":"UserPromptSubmit"'*) echo "NOPE-REASON" >&2; exit 2 ;;
esac
exit 0
