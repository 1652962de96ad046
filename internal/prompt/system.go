package prompt

import (
	"slices"
	"strings"

	"corvid/internal/tool"
)

// Options decide the system prompt.
type Options struct {
	// Override replaces corvid's own prompt when HasOverride is set
	// (--system-prompt, --system-prompt-file; an empty override sends no
	// prompt of corvid's). Append is added after whichever prompt is used
	// (--append-system-prompt).
	Override    string
	HasOverride bool
	Append      string
	// Tools are the tools the model is offered; each offered tool may
	// add guidance of its own (tool.Guided).
	Tools []tool.Tool
	// Environment is the rendered environment facts (working directory,
	// platform, shell…); Model names the model the prompt is for.
	Environment string
	Model       string
	// StyleName and Style are the output style's name and instructions
	// ("" for the default style); DropCoding leaves out the software
	// engineering instructions (a style without keep-coding-instructions).
	StyleName, Style string
	DropCoding       bool
}

// System returns the system prompt as text blocks, in order.
func System(o Options) []string {
	var out []string
	switch {
	case o.HasOverride:
		if o.Override != "" {
			out = append(out, o.Override)
		}
	default:
		out = append(out, Default(o))
	}
	if o.Append != "" {
		out = append(out, o.Append)
	}
	return out
}

// Default is corvid's own system prompt.
func Default(o Options) string {
	parts := []string{identity, conduct, toolGuidance(o.Tools), safety, style(o)}
	if o.DropCoding {
		parts[1] = ""
	}
	if env := environment(o); env != "" {
		parts = append(parts, env)
	}
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), "\n\n")
}

func environment(o Options) string {
	var b strings.Builder
	if o.Environment == "" && o.Model == "" {
		return ""
	}
	b.WriteString("# Environment\n")
	if o.Environment != "" {
		b.WriteString(strings.TrimRight(o.Environment, "\n"))
		b.WriteString("\n")
	}
	if o.Model != "" {
		b.WriteString("Model: " + o.Model + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// style is the output style's section ("" for the default style).
func style(o Options) string {
	if strings.TrimSpace(o.Style) == "" {
		return ""
	}
	return "# Output style: " + o.StyleName + "\n" + strings.TrimSpace(o.Style)
}
