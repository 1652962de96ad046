package providertest

import (
	"bytes"
	"regexp"
	"strings"

	"corvid/internal/provider"
)

// fillPattern is a placeholder in a scripted tool_use input that takes
// a value from an earlier tool result in the request:
// {{result:<tool_use_id>:<prefix>}} becomes the id-like word ([A-Za-z0-9_-]+)
// that follows <prefix> in that result's text. A script can so use ids
// the client makes up (a background agent's or shell's id).
var fillPattern = regexp.MustCompile(`\{\{result:([A-Za-z0-9_-]+):([^}]*)\}\}`)

var idWord = regexp.MustCompile(`^[A-Za-z0-9_-]+`)

// fillFromResults replaces the placeholders in t's tool_use inputs; a
// placeholder whose result or prefix is absent is left as it is, so the
// client sees (and the test notices) an unfilled input.
func fillFromResults(t Turn, req Request) Turn {
	var blocks []Block
	for i, b := range t.Blocks {
		if b.Type != "tool_use" || !fillPattern.Match(b.Input) {
			continue
		}
		if blocks == nil {
			blocks = append([]Block(nil), t.Blocks...)
		}
		blocks[i].Input = fillPattern.ReplaceAllFunc(b.Input, func(m []byte) []byte {
			sub := fillPattern.FindSubmatch(m)
			text := resultTextOf(req, string(sub[1]))
			_, after, ok := strings.Cut(text, string(sub[2]))
			if w := idWord.FindString(after); ok && w != "" {
				return []byte(w)
			}
			return bytes.Clone(m)
		})
	}
	if blocks != nil {
		t.Blocks = blocks
	}
	return t
}

// resultTextOf is the text of the request's tool result for id.
func resultTextOf(req Request, id string) string {
	for _, m := range req.Messages {
		for _, b := range m.Content {
			if b.Type != provider.BlockToolResult || b.ToolUseID != id {
				continue
			}
			var s strings.Builder
			for _, c := range b.Content {
				s.WriteString(c.Text)
			}
			return s.String()
		}
	}
	return ""
}
