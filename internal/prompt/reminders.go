package prompt

import "strings"

// Context is what opens a conversation, each as its own reminder.
type Context struct {
	// Instructions is the rendered instruction files (CLAUDE.md and
	// friends), "" when there are none.
	Instructions string
	// Date is today's date (YYYY-MM-DD).
	Date string
	// Git is the rendered git facts (which say they are a snapshot), ""
	// outside a repository.
	Git string
}

// Reminders returns the opening reminders, each wrapped in
// <system-reminder> tags, in a fixed order.
func Reminders(c Context) []string {
	var out []string
	if c.Instructions != "" {
		out = append(out, Wrap(c.Instructions))
	}
	if c.Date != "" {
		out = append(out, Wrap("Today's date is "+c.Date+"."))
	}
	if c.Git != "" {
		out = append(out, Wrap(c.Git))
	}
	return out
}

// Wrap puts text inside <system-reminder> tags.
func Wrap(text string) string {
	return "<system-reminder>\n" + strings.TrimRight(text, "\n") + "\n</system-reminder>"
}
