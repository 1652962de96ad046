package compact

import (
	"slices"
	"strings"

	"corvid/internal/provider"
)

// MicroOptions choose which tool results Micro clears.
type MicroOptions struct {
	// KeepRecent is how many of the most recent results of the listed
	// tools are never touched: 0 means DefaultKeepRecent, < 0 means none.
	KeepRecent int
	// MinChars: only results larger than this are cleared (images count
	// as imageChars each): 0 means DefaultMinChars, < 0 means any size.
	MinChars int
	// Tools are the tools whose results may be cleared, matched by the
	// name of the tool_use a result answers. The engine fills it with the
	// offered tools that say so (tool.Rerunnable); nil clears nothing.
	Tools []string
}

// Micro-compaction defaults.
const (
	DefaultKeepRecent = 6
	DefaultMinChars   = 2_000
)

// imageChars is what one image or document block counts for, in
// characters (about 2,000 tokens).
const imageChars = 2_000 * charsPerToken

// stubPrefix starts every cleared result; it is how Micro recognises its
// own work.
const stubPrefix = "[Output cleared to save context space"

func stubText(tool string) string {
	return stubPrefix + ": this " + tool + " result is no longer shown. Run " + tool +
		" again if the output is still needed.]"
}

func (o MicroOptions) withDefaults() MicroOptions {
	switch {
	case o.KeepRecent == 0:
		o.KeepRecent = DefaultKeepRecent
	case o.KeepRecent < 0:
		o.KeepRecent = 0
	}
	switch {
	case o.MinChars == 0:
		o.MinChars = DefaultMinChars
	case o.MinChars < 0:
		o.MinChars = -1
	}
	return o
}

// resultRef locates one tool_result block.
type resultRef struct {
	msg, block int
	tool       string
}

// Micro replaces the content of old, large tool results of the listed tools
// with a short stub, keeping the KeepRecent most recent of them intact. It
// never modifies msgs: touched messages are copied, the rest are shared.
// Results already cleared are left alone, so Micro is idempotent; a
// result's tool_use_id and is_error flag are kept. freedTokens estimates
// what was removed (characters / 4).
func Micro(msgs []provider.Message, o MicroOptions) (out []provider.Message, freedTokens int) {
	o = o.withDefaults()
	refs := eligibleResults(msgs, o.Tools)
	if len(refs) <= o.KeepRecent {
		return msgs, 0
	}
	refs = refs[:len(refs)-o.KeepRecent]
	out = msgs
	copied := map[int]bool{}
	freed := 0
	for _, r := range refs {
		b := msgs[r.msg].Content[r.block]
		size := resultChars(b)
		if isStub(b) || size <= o.MinChars {
			continue
		}
		if !copied[r.msg] {
			if len(copied) == 0 {
				out = slices.Clone(msgs)
			}
			out[r.msg].Content = slices.Clone(msgs[r.msg].Content)
			copied[r.msg] = true
		}
		stub := stubText(r.tool)
		b.Content = []provider.Block{provider.TextBlock(stub)}
		out[r.msg].Content[r.block] = b
		freed += max(size-len(stub), 0)
	}
	return out, freed / charsPerToken
}

// eligibleResults lists, oldest first, the tool_result blocks that answer
// a tool_use of one of tools.
func eligibleResults(msgs []provider.Message, tools []string) []resultRef {
	names := map[string]string{}
	var refs []resultRef
	for i, m := range msgs {
		for j, b := range m.Content {
			switch b.Type {
			case provider.BlockToolUse:
				names[b.ID] = b.Name
			case provider.BlockToolResult:
				if name, ok := names[b.ToolUseID]; ok && slices.Contains(tools, name) {
					refs = append(refs, resultRef{msg: i, block: j, tool: name})
				}
			}
		}
	}
	return refs
}

// resultChars is the size of a tool_result's content.
func resultChars(b provider.Block) int {
	n := 0
	for _, c := range b.Content {
		switch c.Type {
		case provider.BlockImage, provider.BlockDocument:
			n += imageChars
		default:
			n += len(c.Text)
		}
	}
	return n
}

func isStub(b provider.Block) bool {
	return len(b.Content) == 1 && b.Content[0].Type == provider.BlockText &&
		strings.HasPrefix(b.Content[0].Text, stubPrefix)
}
