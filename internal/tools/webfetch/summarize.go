package webfetch

import (
	"context"
	_ "embed"
	"strings"
)

// Summarizer answers a prompt over fetched content with a small, fast
// model. The composition root implements it with the provider, typically
// sending SummaryInstructions(prompt, content) as the only user message.
type Summarizer interface {
	Summarize(ctx context.Context, prompt, content string) (string, error)
}

//go:embed summarize.md
var summaryTemplate string

// SummaryInstructions is the message a Summarizer sends to its model: the
// page content and the prompt, with guidance on how to answer. Both are
// inserted verbatim; placeholder-like text inside them is not expanded.
func SummaryInstructions(prompt, content string) string {
	return strings.NewReplacer("{{CONTENT}}", content, "{{PROMPT}}", prompt).Replace(summaryTemplate)
}
