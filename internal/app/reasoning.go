package app

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"corvid/internal/config"
	"corvid/internal/provider"
)

// effortLevels are the effort values the API takes.
var effortLevels = []string{"low", "medium", "high", "xhigh", "max"}

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
	case settingBool(s, "alwaysThinkingEnabled") == "false":
		r.BudgetTokens = -1
	}
	r.Effort = opts.Effort
	for _, src := range []struct{ name, value string }{
		{"CLAUDE_CODE_EFFORT_LEVEL", env.str("CLAUDE_CODE_EFFORT_LEVEL")},
		{"the effortLevel setting", settingString(s, "effortLevel")},
	} {
		if r.Effort != "" || src.value == "" {
			continue
		}
		if e := strings.ToLower(src.value); slices.Contains(effortLevels, e) {
			r.Effort = e
		} else {
			warnf(opts, "warning: effort %q from %s is not one of %s; ignored\n", src.value, src.name, strings.Join(effortLevels, ", "))
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

func settingString(s *config.Settings, key string) string {
	if s == nil {
		return ""
	}
	raw, ok := s.Lookup(key)
	var v string
	if !ok || json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return strings.TrimSpace(v)
}

// settingBool is "true", "false" or "" (unset or not a boolean).
func settingBool(s *config.Settings, key string) string {
	if s == nil {
		return ""
	}
	raw, ok := s.Lookup(key)
	var v bool
	if !ok || json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return strconv.FormatBool(v)
}
