package anthropic

import "strings"

// What a model accepts, as Claude Code 2.1.332 sends it (recorded against
// the fake API: testdata/claudecode/requests). Betas are named here and
// nowhere else in corvid.
const (
	betaClaudeCode      = "claude-code-20250219"
	beta1M              = "context-1m-2025-08-07"
	betaInterleaved     = "interleaved-thinking-2025-05-14"
	betaContextMgmt     = "context-management-2025-06-27"
	betaPerTurn         = "per-turn-control-2026-07-01"
	betaMidConversation = "mid-conversation-tool-changes-2026-07-01"
	betaThinkingCount   = "thinking-token-count-2026-05-13"
	betaAdvancedTools   = "advanced-tool-use-2025-11-20"
	betaEffort          = "effort-2025-11-24"
)

// thinkingMode is how a model takes extended thinking.
type thinkingMode uint8

const (
	thinkNone     thinkingMode = iota // no extended thinking
	thinkBudget                       // {type:enabled, budget_tokens}
	thinkAdaptive                     // {type:adaptive}, steered by effort
)

// modelCaps is one row of the capability table.
type modelCaps struct {
	thinking thinkingMode
	// effort is the default output_config.effort; "" when the model takes
	// no effort setting.
	effort string
	// perTurn and midConversation add the betas newer models get.
	perTurn, midConversation bool
	// codeAfterThinking lists the claude-code beta after the thinking
	// ones, as Claude Code does for Haiku models (order only).
	codeAfterThinking bool
}

// capsTable is keyed by model id without date or decorations; the longest
// key that starts an id (at a '-' boundary) wins.
var capsTable = map[string]modelCaps{
	"claude-3":          {},
	"claude-sonnet-4":   {thinking: thinkBudget},
	"claude-sonnet-4-5": {thinking: thinkBudget},
	"claude-haiku-4-5":  {thinking: thinkBudget, codeAfterThinking: true},
	"claude-opus-4":     {thinking: thinkBudget},
	"claude-opus-4-1":   {thinking: thinkBudget},
	"claude-opus-4-5":   {thinking: thinkBudget, effort: "high"},
	"claude-opus-4-6":   {thinking: thinkAdaptive, effort: "high"},
	"claude-sonnet-4-6": {thinking: thinkAdaptive, effort: "high"},
	"claude-opus-4-7":   {thinking: thinkAdaptive, effort: "xhigh"},
	"claude-opus-4-8":   {thinking: thinkAdaptive, effort: "high", midConversation: true},
	"claude-opus-5":     {thinking: thinkAdaptive, effort: "high", midConversation: true},
	"claude-sonnet-5":   {thinking: thinkAdaptive, effort: "high"},
	"claude-fable-5":    {thinking: thinkAdaptive, effort: "high", midConversation: true},
	"claude-fable-5-1":  {thinking: thinkAdaptive, effort: "high", midConversation: true},
	"claude-mythos-5":   {thinking: thinkAdaptive, effort: "high", midConversation: true},
	"claude-opus-5-5":   {thinking: thinkAdaptive, effort: "medium", perTurn: true, midConversation: true},
	"claude-sonnet-5-5": {thinking: thinkAdaptive, effort: "medium", perTurn: true, midConversation: true},
	"claude-haiku-5-5":  {thinking: thinkAdaptive, effort: "medium", perTurn: true, midConversation: true, codeAfterThinking: true},
	"claude-fable-5-2":  {thinking: thinkAdaptive, effort: "medium", perTurn: true, midConversation: true},
}

// unknownCaps is what Claude Code assumes of a model it does not know.
var unknownCaps = modelCaps{thinking: thinkAdaptive, effort: "high", midConversation: true}

// capsOf looks a model id up, ignoring a provider prefix ("us.anthropic."),
// a date and any suffix after the key.
func capsOf(id string) modelCaps {
	if i := strings.Index(id, "claude-"); i >= 0 {
		id = id[i:]
	}
	best, found := "", false
	for key := range capsTable {
		if len(key) > len(best) && strings.HasPrefix(id, key) &&
			(len(id) == len(key) || id[len(key)] == '-' || id[len(key)] == '[' || id[len(key)] == '@') {
			best, found = key, true
		}
	}
	if !found {
		return unknownCaps
	}
	return capsTable[best]
}
