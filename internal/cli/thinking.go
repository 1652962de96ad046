package cli

import (
	"slices"
	"strconv"
	"strings"

	"corvid/internal/provider"

	"github.com/spf13/pflag"
)

func (f *flags) defineThinking(fs *pflag.FlagSet) {
	fs.StringVar(&f.maxThinking, "max-thinking-tokens", "",
		"Thinking budget in `tokens` for models that take one (0 turns thinking off there)")
	fs.StringVar(&f.effort, "effort", "", "Effort `level` for models that take one: "+strings.Join(provider.EffortLevels, ", "))
}

// checkThinking checks --max-thinking-tokens and --effort.
func checkThinking(f *flags, inv *invocation, _ env) error {
	o := &inv.opts
	if f.set("max-thinking-tokens") {
		n, err := strconv.Atoi(strings.TrimSpace(f.maxThinking))
		if err != nil || n < 0 {
			return usagef("Error: --max-thinking-tokens must be a non-negative integer (got %q)", f.maxThinking)
		}
		o.MaxThinkingTokens, o.HasMaxThinkingTokens = n, true
	}
	if f.set("effort") {
		e := strings.ToLower(strings.TrimSpace(f.effort))
		if !slices.Contains(provider.EffortLevels, e) {
			return choiceError("effort", "level", f.effort, provider.EffortLevels...)
		}
		o.Effort = e
	}
	return nil
}
