package app

import (
	"fmt"
	"runtime"
)

// systemPrompt is --system-prompt when given (even empty), else corvid's
// default, followed by --append-system-prompt.
func systemPrompt(opts Options) []string {
	var out []string
	switch {
	case opts.HasSystemPrompt:
		if opts.SystemPrompt != "" {
			out = append(out, opts.SystemPrompt)
		}
	default:
		out = append(out, defaultPrompt(opts.Cwd))
	}
	if opts.AppendSystemPrompt != "" {
		out = append(out, opts.AppendSystemPrompt)
	}
	return out
}

// defaultPrompt is the interim default system prompt; the prompt package
// will assemble the full one (tool guidance, memory files, git facts).
func defaultPrompt(cwd string) string {
	return fmt.Sprintf(`You are corvid, a coding agent that works in the user's terminal and repository.
Be direct and brief. Use the tools you are given to look before you act, and say plainly what you did and what you could not do.

Environment:
- Working directory: %s
- Platform: %s/%s`, cwd, runtime.GOOS, runtime.GOARCH)
}

func warnf(opts Options, format string, args ...any) {
	if opts.Stderr != nil {
		fmt.Fprintf(opts.Stderr, format, args...)
	}
}
