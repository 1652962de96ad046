package cost

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Render returns the /cost report: totals, durations, code changes and a
// line per model (models in name order). Without any recorded model it
// ends with an all-zero usage line instead of the per-model section.
func (t *Tracker) Render() string {
	s := t.Snapshot()
	var b strings.Builder
	fmt.Fprintf(&b, "Total cost: %s\n", FormatCost(s.TotalCostUSD))
	fmt.Fprintf(&b, "Total duration (API): %s\n", FormatDuration(s.APIDuration))
	fmt.Fprintf(&b, "Total duration (wall): %s\n", FormatDuration(s.WallDuration))
	fmt.Fprintf(&b, "Total code changes: %d %s added, %d %s removed\n",
		s.LinesAdded, plural(s.LinesAdded, "line"), s.LinesRemoved, plural(s.LinesRemoved, "line"))
	if len(s.ModelUsage) == 0 {
		b.WriteString("Usage: 0 input, 0 output, 0 cache read, 0 cache write")
		return b.String()
	}
	b.WriteString("Usage by model:")
	names := slices.Sorted(maps.Keys(s.ModelUsage))
	for _, name := range names {
		b.WriteString("\n  " + name + ": " + usageLine(s.ModelUsage[name]))
	}
	return b.String()
}

// usageLine is one model's counts and cost, as /cost prints them.
func usageLine(m ModelUsage) string {
	line := fmt.Sprintf("%s input, %s output, %s cache read, %s cache write",
		FormatTokens(m.InputTokens), FormatTokens(m.OutputTokens),
		FormatTokens(m.CacheReadInputTokens), FormatTokens(m.CacheCreationInputTokens))
	if m.WebSearchRequests > 0 {
		line += fmt.Sprintf(", %d web search", m.WebSearchRequests)
	}
	return line + " (" + FormatCost(m.CostUSD) + ")"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
