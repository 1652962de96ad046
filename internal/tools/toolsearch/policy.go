package toolsearch

import (
	"fmt"
	"strconv"
	"strings"

	"corvid/internal/tool"
)

// DefaultPercent is the share of the context window MCP tool definitions
// may take before they are deferred (Claude Code's, 10%).
const DefaultPercent = 10

// charsPerToken estimates tokens from the bytes of a definition, as
// Claude Code 2.1.332 does when it cannot count them (2.5).
const charsPerToken = 2.5

// Policy says when MCP tools are deferred.
type Policy struct {
	// Percent of the context window: defer when the definitions' estimated
	// tokens reach it. 0 defers always, 100 or more never.
	Percent int
}

// ParsePolicy reads ENABLE_TOOL_SEARCH: "" or "auto" (DefaultPercent),
// "auto:N" (N%), true/1/yes/on (always), false/0/no/off (never). A value
// it cannot read is an error, and the default applies.
func ParsePolicy(v string) (Policy, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "", "auto":
		return Policy{Percent: DefaultPercent}, nil
	case "true", "1", "yes", "on", "force":
		return Policy{Percent: 0}, nil
	case "false", "0", "no", "off":
		return Policy{Percent: 100}, nil
	}
	if n, ok := strings.CutPrefix(v, "auto:"); ok {
		p, err := strconv.ParseFloat(n, 64)
		if err == nil {
			return Policy{Percent: int(min(max(p, 0), 100))}, nil
		}
	}
	return Policy{Percent: DefaultPercent}, fmt.Errorf("ENABLE_TOOL_SEARCH=%q: want auto, auto:N (a percentage), true or false; using auto (%d%%)", v, DefaultPercent)
}

// Never reports whether the policy never defers.
func (p Policy) Never() bool { return p.Percent >= 100 }

// Exceeds reports whether tools' definitions take at least the policy's
// share of a context window of window tokens.
func (p Policy) Exceeds(tools []tool.Tool, window int) bool {
	switch {
	case p.Never() || len(tools) == 0:
		return false
	case p.Percent <= 0:
		return true
	}
	return Tokens(tools)*100 >= window*p.Percent
}

// Tokens estimates the tokens the tools' definitions take.
func Tokens(tools []tool.Tool) int {
	n := 0
	for _, t := range tools {
		n += len(t.Name()) + len(t.Description()) + len(t.InputSchema())
	}
	return int(float64(n) / charsPerToken)
}
