package app

import (
	"slices"
	"strconv"
	"strings"

	"corvid/internal/config"
	"corvid/internal/provider"
)

// reasoning is what the main requests ask of extended thinking. The
// budget comes from --max-thinking-tokens, else MAX_THINKING_TOKENS, else
// the alwaysThinkingEnabled setting (false turns it off); the effort from
// --effort, else CLAUDE_CODE_EFFORT_LEVEL, else the effortLevel setting.
// Thinking is on by default, as in Claude Code; the provider adapter fits
// the request to what the model takes. Malformed values are ignored with
// a warning.
func reasoning(opts Options, env environment, s *config.Settings) *provider.Reasoning {
	r := &provider.Reasoning{}
	switch v := env.str("MAX_THINKING_TOKENS"); {
	case opts.HasMaxThinkingTokens:
		r.BudgetTokens = budget(opts.MaxThinkingTokens)
	case v != "":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			warnf(opts, "warning: MAX_THINKING_TOKENS=%q is not a non-negative integer; ignored\n", v)
			break
		}
		r.BudgetTokens = budget(n)
	case isFalse(s, "alwaysThinkingEnabled"):
		r.BudgetTokens = -1
	}
	r.Effort = opts.Effort
	for _, src := range []struct{ name, value string }{
		{"CLAUDE_CODE_EFFORT_LEVEL", env.str("CLAUDE_CODE_EFFORT_LEVEL")},
		{"the effortLevel setting", effortSetting(s)},
	} {
		if r.Effort != "" || src.value == "" {
			continue
		}
		if e := strings.ToLower(src.value); slices.Contains(provider.EffortLevels, e) {
			r.Effort = e
		} else {
			warnf(opts, "warning: effort %q from %s is not one of %s; ignored\n", src.value, src.name, strings.Join(provider.EffortLevels, ", "))
		}
	}
	return r
}

// budget maps a thinking token count to Reasoning.BudgetTokens: 0 is off.
func budget(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// isFalse reports whether a boolean setting is set to false.
func isFalse(s *config.Settings, key string) bool {
	v, ok := rawSetting[bool](s, key)
	return ok && !v
}

// effortSetting is the effortLevel setting, "" when unset or not a string.
func effortSetting(s *config.Settings) string {
	v, _ := rawSetting[string](s, "effortLevel")
	return strings.TrimSpace(v)
}
