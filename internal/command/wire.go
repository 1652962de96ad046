package command

import (
	"slices"
	"strings"

	"corvid/internal/provider"
)

// maxMentions caps the @file mentions one body may attach.
const maxMentions = 10

// Turn is the user turn Claude Code sends for /name args: a block naming
// the command and its arguments, then the expanded body.
func Turn(name, args, body string) []provider.Block {
	head := "<command-message>" + name + "</command-message>\n<command-name>/" + name +
		"</command-name>\n<command-args>" + args + "</command-args>\n"
	return []provider.Block{provider.TextBlock(head), provider.TextBlock(body)}
}

// Mentions are the @path words of a text (at a line's start or after a
// blank), without trailing punctuation, at most maxMentions, each once.
// Whether they name files is the caller's to check.
func Mentions(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		p, ok := strings.CutPrefix(w, "@")
		p = strings.TrimRight(p, ".,;:!?)]}\"'`")
		if !ok || p == "" || strings.HasPrefix(p, "@") {
			continue
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
		if len(out) == maxMentions {
			break
		}
	}
	return out
}
