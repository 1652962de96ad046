package cli

import "strings"

// ruleList is a repeatable flag of permission rules or tool names. Each
// value may hold several, separated by commas or white space outside
// parentheses, so "Bash(git log *),Edit" is two rules.
type ruleList struct{ rules *[]string }

func (r ruleList) String() string {
	if r.rules == nil {
		return ""
	}
	return strings.Join(*r.rules, ",")
}

func (r ruleList) Set(s string) error {
	*r.rules = append(*r.rules, splitRules(s)...)
	return nil
}

func (r ruleList) Type() string { return "rules" }

// splitRules splits s at commas and white space that are not inside
// parentheses, dropping empty pieces.
func splitRules(s string) []string {
	var out []string
	depth, start := 0, 0
	flush := func(end int) {
		if piece := strings.TrimSpace(s[start:end]); piece != "" {
			out = append(out, piece)
		}
	}
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0 && (r == ',' || r == ' ' || r == '\t' || r == '\n'):
			flush(i)
			start = i + 1
		}
	}
	flush(len(s))
	return out
}
