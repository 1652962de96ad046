package workspace

import "strings"

// reminderOpening introduces the instruction files to the model.
const reminderOpening = "What follows are instructions from the user and from this codebase. " +
	"They take priority over your default behaviour: follow them exactly as written."

// Reminder renders files as one text for the start of a conversation: an
// opening sentence, then for each file a "Contents of <path> (<scope
// label>):" header and its content, separated by blank lines. No files
// give "". The caller wraps the text in <system-reminder> tags.
func Reminder(files []File) string {
	if len(files) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(reminderOpening)
	for _, f := range files {
		b.WriteString("\n\nContents of ")
		b.WriteString(f.Path)
		b.WriteString(" (")
		b.WriteString(f.Scope.Label())
		b.WriteString("):\n\n")
		b.WriteString(f.Content)
	}
	return b.String()
}
