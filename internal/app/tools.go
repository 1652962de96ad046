package app

import (
	"strings"

	"corvid/internal/tool"
)

// registry builds the tool set the model sees. The built-in tools arrive
// with the core-tools work; until then the set is empty. Bare names in
// --disallowedTools are removed from the set and denied; scoped rules such
// as "Bash(rm *)" need the rule engine and are reported, not ignored
// silently.
func registry(opts Options) (*tool.Registry, []string, error) {
	reg, err := tool.NewRegistry(builtinTools(opts)...)
	if err != nil {
		return nil, nil, err
	}
	var deny []string
	for _, rule := range opts.DisallowedTools {
		rule = strings.TrimSpace(rule)
		switch {
		case rule == "":
		case strings.ContainsAny(rule, "(*"):
			warnf(opts, "warning: scoped rule %q is not enforced yet; only bare tool names are\n", rule)
		default:
			deny = append(deny, rule)
		}
	}
	return reg.Without(deny...), deny, nil
}

// builtinTools is the built-in tool set for this run.
func builtinTools(Options) []tool.Tool { return nil }
