package compact

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"corvid/internal/provider"
)

// maxShownChars caps a tool call's input or result when the history is
// shown to the summariser.
const maxShownChars = 2_000

// flatten rewrites msgs for a request that offers no tools: tool_use and
// tool_result blocks become text describing them, thinking blocks and
// cache breakpoints are dropped, empty messages disappear and messages of
// the same role in a row are merged, so roles alternate. msgs is not
// modified.
func flatten(msgs []provider.Message) []provider.Message {
	names := map[string]string{}
	var out []provider.Message
	for _, m := range msgs {
		var blocks []provider.Block
		for _, b := range m.Content {
			if fb, ok := flattenBlock(b, names); ok {
				blocks = append(blocks, fb)
			}
		}
		if len(blocks) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Role == m.Role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			continue
		}
		out = append(out, provider.Message{Role: m.Role, Content: blocks})
	}
	return out
}

// userText is a user message of one text block.
func userText(s string) provider.Message {
	return provider.Message{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock(s)}}
}

// flattenBlock returns the block as the summariser sees it; ok is false
// for blocks left out. names records tool_use ids for the results.
func flattenBlock(b provider.Block, names map[string]string) (provider.Block, bool) {
	switch b.Type {
	case provider.BlockText:
		if strings.TrimSpace(b.Text) == "" {
			return provider.Block{}, false
		}
		return provider.TextBlock(b.Text), true
	case provider.BlockToolUse:
		names[b.ID] = b.Name
		input := strings.TrimSpace(string(b.Input))
		if input == "" || input == "null" {
			input = "{}"
		}
		return provider.TextBlock(fmt.Sprintf("[Tool call %s (id %s), input: %s]",
			b.Name, b.ID, clip(input, maxShownChars))), true
	case provider.BlockToolResult:
		return provider.TextBlock(describeResult(b, names[b.ToolUseID])), true
	case provider.BlockImage, provider.BlockDocument:
		if b.Source == nil {
			return provider.Block{}, false
		}
		b.CacheControl = nil
		return b, true
	}
	// thinking, redacted_thinking and unknown kinds are not shown.
	return provider.Block{}, false
}

func describeResult(b provider.Block, tool string) string {
	if tool == "" {
		tool = "unknown tool"
	}
	var sb strings.Builder
	for _, c := range b.Content {
		switch c.Type {
		case provider.BlockText:
			sb.WriteString(c.Text)
		case provider.BlockImage:
			sb.WriteString("[image]")
		case provider.BlockDocument:
			sb.WriteString("[document]")
		}
	}
	kind := "result"
	if b.IsError {
		kind = "error"
	}
	return fmt.Sprintf("[Tool %s of %s (id %s): %s]", kind, tool, b.ToolUseID, clip(sb.String(), maxShownChars))
}

// clip shortens s to at most n bytes on a rune boundary, saying how much
// was left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… [%d more characters]", s[:cut], len(s)-cut)
}
