package compact

import (
	"strings"

	"corvid/internal/provider"
)

// defaultSystem is the summariser's system prompt.
const defaultSystem = "You write hand-over notes for a software engineering session between a user " +
	"and a coding assistant. Another instance of the assistant will continue the work from your " +
	"notes alone, so anything you leave out is lost. Be precise and concrete: exact file paths, " +
	"function names, commands, error messages and identifiers. You cannot call tools; answer " +
	"with text only."

// instructions is the request that ends the summariser's conversation.
const instructions = `The conversation above is about to be replaced by a summary, because it no longer fits in the context window. Write that summary now.

First, inside <analysis></analysis> tags, briefly go through the conversation in order and note what the user asked for, what was done, and what is still open. Then write the summary inside <summary></summary> tags, with these sections:

1. Goals and requests: every request and instruction the user gave, in order. Quote short ones word for word, including constraints on how to work ("do not touch X", "always run the tests").
2. Key decisions and technical context: approaches chosen and rejected, and why; conventions, APIs and facts learned about the project.
3. Files: each file read, created or changed, what was done to it and why; include small code excerpts where the exact text matters.
4. Errors and fixes: problems met, how each was solved, and anything the user corrected.
5. Current state: what was being worked on immediately before this summary, as precisely as possible.
6. Pending work: tasks asked for but not done yet.
7. Next step: the single next action that follows directly from the most recent request, quoting that request. If the last task was finished, say so and name no new work the user did not ask for.

Do not claim that anything was done or verified unless the conversation shows it.`

// tailNote is added when recent messages are kept after the summary.
const tailNote = "The most recent messages will stay in the conversation word for word after your summary; " +
	"cover them briefly and focus on everything before them."

// trimmedNote opens the summariser's view of a history whose oldest part
// was dropped to fit.
const trimmedNote = "[The earliest part of this conversation was left out here because it was too long to summarise.]"

// instructionText is the full request: the fixed instructions, then the
// tail note, the user's focus and any extra instructions.
func instructionText(focus string, extra []string, hasTail bool) string {
	var sb strings.Builder
	sb.WriteString(instructions)
	if hasTail {
		sb.WriteString("\n\n" + tailNote)
	}
	if f := strings.TrimSpace(focus); f != "" {
		sb.WriteString("\n\nThe user asked this summary to focus on: " + f)
	}
	var more []string
	for _, e := range extra {
		if e = strings.TrimSpace(e); e != "" {
			more = append(more, "- "+e)
		}
	}
	if len(more) > 0 {
		sb.WriteString("\n\nAdditional instructions for this summary:\n" + strings.Join(more, "\n"))
	}
	return sb.String()
}

// withInstruction appends the instruction to msgs (which alternate and
// start with a user message): as a new user message after an assistant
// message, or as a last text block of a final user message. msgs is not
// modified.
func withInstruction(msgs []provider.Message, text string) []provider.Message {
	out := make([]provider.Message, len(msgs), len(msgs)+1)
	copy(out, msgs)
	block := provider.TextBlock(text)
	if n := len(out); n > 0 && out[n-1].Role == provider.RoleUser {
		content := make([]provider.Block, 0, len(out[n-1].Content)+1)
		out[n-1].Content = append(append(content, out[n-1].Content...), block)
		return out
	}
	return append(out, provider.Message{Role: provider.RoleUser, Content: []provider.Block{block}})
}

// extractSummary takes the summary out of the model's answer: the inside
// of <summary> tags when present, otherwise the text without its
// <analysis> part (an unclosed analysis runs to the end).
func extractSummary(text string) string {
	if _, rest, ok := strings.Cut(text, "<summary>"); ok {
		inner, _, _ := strings.Cut(rest, "</summary>")
		return strings.TrimSpace(inner)
	}
	for {
		before, rest, ok := strings.Cut(text, "<analysis>")
		if !ok {
			break
		}
		_, after, _ := strings.Cut(rest, "</analysis>")
		text = before + after
	}
	return strings.TrimSpace(text)
}
