package webfetch

import (
	"encoding/json"

	"corvid/internal/tool"
)

// WebFetch is judged by its URL's host (WebFetch(domain:...) rules).

func (*Tool) Kind() tool.Kind      { return tool.KindFetch }
func (*Tool) SubjectField() string { return "url" }
func (*Tool) Rerunnable() bool     { return true }
func (*Tool) RuleParams() []string { return []string{"prompt"} }

// RuleSubjects is the URL.
func (*Tool) RuleSubjects(in json.RawMessage) []string {
	return []string{tool.InputString(in, "url")}
}

// Guidance: fetch only what the task needs.
func (*Tool) Guidance([]tool.Tool) []string {
	return []string{"- Fetch web pages only when the task needs them; do not guess URLs."}
}
