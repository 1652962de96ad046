package app

import (
	"fmt"

	"corvid/internal/model"
	"corvid/internal/outputstyle"
	"corvid/internal/prompt"
	"corvid/internal/tool"
)

// systemPrompt is --system-prompt when given (even empty), else corvid's
// own, followed by --append-system-prompt. It holds nothing volatile, so
// it stays byte-stable for the prompt cache.
func systemPrompt(opts Options, tools []tool.Tool, envFacts string, m model.Info, st outputstyle.Style) []string {
	return prompt.System(prompt.Options{Override: opts.SystemPrompt, HasOverride: opts.HasSystemPrompt,
		Append: opts.AppendSystemPrompt, Tools: tools, Environment: envFacts, Model: modelLine(m),
		StyleName: st.Name, Style: st.Body, DropCoding: st.Body != "" && !st.KeepCodingInstructions})
}

func modelLine(m model.Info) string {
	if m.Name != "" && m.Name != m.ID {
		return m.Name + " (" + m.ID + ")"
	}
	return m.ID
}

func warnf(opts Options, format string, args ...any) {
	if opts.Stderr != nil {
		fmt.Fprintf(opts.Stderr, format, args...)
	}
}
