package compact

import (
	"fmt"
	"strings"

	"corvid/internal/provider"
)

// Reinject is what must survive compaction; it is added after the summary.
type Reinject struct {
	// Instructions is the instruction-files reminder (CLAUDE.md and the
	// like), re-added word for word.
	Instructions string
	// Todos is the rendered todo list, "" when there is none.
	Todos string
	// Files are the most recently read files, newest first. At most
	// MaxFiles of them, MaxFileChars characters in all, are re-added.
	Files []File
	// Notes are other reminders to carry over.
	Notes []string
}

// File is one file's path and content.
type File struct{ Path, Content string }

// Caps on re-injected files.
const (
	MaxFiles     = 5
	MaxFileChars = 50_000
)

// continuation introduces the summary in the new history.
const continuation = "This session continues an earlier conversation that ran out of context. " +
	"The earlier part was summarised as follows."

// Closing notes of the summary message: one when recent messages follow
// word for word, one when the model is to carry on by itself.
const (
	afterWithTail = "The most recent messages of the conversation follow unchanged."
	resumeNote    = "Carry on from where the conversation left off, with the next step named in the summary. " +
		"Do not redo work the summary reports as done, and ask the user only if the next step is unclear."
)

// rebuild assembles the compacted history: one user message with the
// summary and the re-injected context, then tail (merging a leading user
// message of the tail into it). resume adds the note telling the model to
// carry on when no tail follows.
func rebuild(summary string, re Reinject, tail []provider.Message, resume bool) []provider.Message {
	var blocks []provider.Block
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			blocks = append(blocks, provider.TextBlock(s))
		}
	}
	add(reminder(re.Instructions))
	add(continuation)
	add(summary)
	if strings.TrimSpace(re.Todos) != "" {
		add(reminder("The todo list when the conversation was summarised:\n" + re.Todos))
	}
	for _, f := range pickFiles(re.Files) {
		add(reminder(fmt.Sprintf("%s:\n%s", f.Path, f.Content)))
	}
	for _, n := range re.Notes {
		add(reminder(n))
	}
	switch {
	case len(tail) > 0:
		add(afterWithTail)
	case resume:
		add(resumeNote)
	}
	out := make([]provider.Message, 0, len(tail)+1)
	first := provider.Message{Role: provider.RoleUser, Content: blocks}
	if len(tail) > 0 && tail[0].Role == provider.RoleUser {
		first.Content = append(first.Content, tail[0].Content...)
		tail = tail[1:]
	}
	out = append(out, first)
	return append(out, tail...)
}

// reminder wraps s in system-reminder tags unless it is already wrapped.
func reminder(s string) string {
	t := strings.TrimSpace(s)
	if t == "" || strings.HasPrefix(t, "<system-reminder>") {
		return t
	}
	return "<system-reminder>\n" + t + "\n</system-reminder>"
}

// pickFiles keeps the newest files within MaxFiles and MaxFileChars,
// shortening the last one that fits only partly.
func pickFiles(files []File) []File {
	var out []File
	left := MaxFileChars
	for _, f := range files {
		if len(out) == MaxFiles || left <= 0 {
			break
		}
		if f.Path == "" {
			continue
		}
		if len(f.Content) > left {
			f.Content = clip(f.Content, left)
		}
		left -= len(f.Content)
		out = append(out, f)
	}
	return out
}
