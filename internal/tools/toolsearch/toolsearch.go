package toolsearch

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

//go:embed prompt.md
var prompt string

//go:embed schema.json
var schema []byte

// Name is the tool's name.
const Name = "ToolSearch"

// Bounds of one call.
const (
	defaultResults = 5
	maxResults     = 50
	maxQuery       = 1000
	// maxSummary bounds each loaded tool's line in the result.
	maxSummary = 160
)

// Tool loads deferred tools of one conversation's registry.
type Tool struct {
	tool.Base
	reg *tool.Registry
}

var (
	_ tool.Tool     = (*Tool)(nil)
	_ tool.Rebinder = (*Tool)(nil)
)

// New returns the ToolSearch tool over the conversation's live registry
// (not a snapshot: what it loads shows in the next request).
func New(reg *tool.Registry) *Tool { return &Tool{reg: reg} }

// Rebind returns a ToolSearch over r (a sub-agent's registry).
func (*Tool) Rebind(r *tool.Registry) tool.Tool { return New(r) }

func (*Tool) Name() string                 { return Name }
func (*Tool) Description() string          { return prompt }
func (*Tool) InputSchema() json.RawMessage { return schema }

type input struct {
	Query      string `json:"query"`
	MaxResults int    `json:"max_results"`
}

// Output is the structured result, with Claude Code's field names.
type Output struct {
	Matches            []string `json:"matches"`
	Query              string   `json:"query"`
	TotalDeferredTools int      `json:"total_deferred_tools"`
}

func decode(raw json.RawMessage) (input, Query, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, Query{}, fmt.Errorf("the input could not be read: %w", err)
	}
	if len(in.Query) > maxQuery {
		return in, Query{}, fmt.Errorf("query is %d bytes long; at most %d", len(in.Query), maxQuery)
	}
	q, err := ParseQuery(in.Query)
	if in.MaxResults <= 0 {
		in.MaxResults = defaultResults
	}
	in.MaxResults = min(in.MaxResults, maxResults)
	return in, q, err
}

func (*Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, _, err := decode(raw)
	return err
}

func (t *Tool) Call(_ context.Context, call tool.Call) (*tool.Result, error) {
	in, q, err := decode(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	deferred := t.reg.Deferred()
	var picked []tool.Tool
	var missing []string
	if q.Select != nil {
		picked, missing = t.selected(q.Select)
	} else {
		picked = q.Match(deferred, in.MaxResults)
	}
	var names []string
	for _, p := range picked {
		names = append(names, p.Name())
	}
	if _, err := t.reg.Load(names...); err != nil {
		return tool.ErrorText(fmt.Sprintf("Could not load %s: %v", strings.Join(names, ", "), err)), nil
	}
	out := Output{Matches: names, Query: in.Query, TotalDeferredTools: len(deferred)}
	if out.Matches == nil {
		out.Matches = []string{}
	}
	msg := text(in.Query, picked, missing, len(deferred))
	if len(picked) == 0 {
		msg += listing(deferred) // the names, again: a compaction may have dropped the reminder
	}
	return &tool.Result{Content: []provider.Block{provider.TextBlock(msg)}, Structured: out}, nil
}

// selected finds the named tools (deferred or already loaded) and the
// names no tool has.
func (t *Tool) selected(names []string) (found []tool.Tool, missing []string) {
	for _, n := range names {
		if tl, ok := t.reg.Lookup(n); ok && !slices.ContainsFunc(found, func(f tool.Tool) bool { return f.Name() == tl.Name() }) {
			found = append(found, tl)
		} else if !ok {
			missing = append(missing, n)
		}
	}
	return found, missing
}

// text is what the model reads: what was loaded, and what was not found.
func text(query string, picked []tool.Tool, missing []string, total int) string {
	var b strings.Builder
	if len(picked) == 0 {
		fmt.Fprintf(&b, "No deferred tool matched %q (%d deferred tools). Try other keywords, or select:<exact name> with a name from the list of deferred tools.", query, total)
	} else {
		fmt.Fprintf(&b, "Loaded %d tool(s); their full definitions are in your tool list from your next step on, and you can call them then:\n", len(picked))
		for _, p := range picked {
			fmt.Fprintf(&b, "- %s: %s\n", p.Name(), summary(p.Description()))
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(&b, "\nNo tool is named: %s", strings.Join(missing, ", "))
	}
	return strings.TrimRight(b.String(), "\n")
}

// maxListed bounds the names a result lists.
const maxListed = 300

// listing names the deferred tools, at most maxListed of them.
func listing(deferred []tool.Tool) string {
	if len(deferred) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\nDeferred tools:")
	for i, t := range deferred {
		if i == maxListed {
			fmt.Fprintf(&b, "\n… and %d more (search by keywords)", len(deferred)-maxListed)
			break
		}
		b.WriteString("\n" + t.Name())
	}
	return b.String()
}

// summary is a description's first line, shortened.
func summary(d string) string {
	d, _, _ = strings.Cut(strings.TrimSpace(d), "\n")
	if r := []rune(d); len(r) > maxSummary {
		d = string(r[:maxSummary]) + "…"
	}
	return d
}
