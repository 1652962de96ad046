package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// checkSystemPrompts resolves --system-prompt[-file] and
// --append-system-prompt[-file]; each pair is mutually exclusive.
func checkSystemPrompts(f *flags, inv *invocation, _ env) error {
	o := &inv.opts
	switch {
	case f.set("system-prompt") && f.set("system-prompt-file"):
		return usagef("Error: Cannot use both --system-prompt and --system-prompt-file. Please use only one.")
	case f.set("system-prompt"):
		o.SystemPrompt, o.HasSystemPrompt = f.systemPrompt, true
	case f.set("system-prompt-file"):
		text, err := readPromptFile("System prompt", f.systemPromptFile)
		if err != nil {
			return err
		}
		o.SystemPrompt, o.HasSystemPrompt = text, true
	}
	switch {
	case f.set("append-system-prompt") && f.set("append-system-prompt-file"):
		return usagef("Error: Cannot use both --append-system-prompt and --append-system-prompt-file. " +
			"Please use only one.")
	case f.set("append-system-prompt-file"):
		text, err := readPromptFile("Append system prompt", f.appendSystemPromptFile)
		if err != nil {
			return err
		}
		o.AppendSystemPrompt = text
	default:
		o.AppendSystemPrompt = f.appendSystemPrompt
	}
	return nil
}

// readPromptFile reads a prompt file; what names it in messages.
func readPromptFile(what, path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	data, err := os.ReadFile(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", usagef("Error: %s file not found: %s", what, abs)
	case err != nil:
		return "", usagef("Error: Failed to read %s file: %v", what, err)
	}
	return string(data), nil
}
