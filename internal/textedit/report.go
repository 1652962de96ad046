package textedit

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"corvid/internal/patch"
)

// Snippet limits: the model gets the changed region, not the file.
const (
	maxSnippetLines = 60
	maxLineBytes    = 2000
)

// Text is the result the model reads: what happened, any notes on how
// old_string matched, and the changed region of the file numbered as Read
// numbers lines ("N<TAB>text").
func (o Outcome) Text() string {
	var b strings.Builder
	if o.Created {
		fmt.Fprintf(&b, "File created successfully at: %s", o.Path)
	} else {
		fmt.Fprintf(&b, "The file %s has been updated successfully.", o.Path)
	}
	b.WriteString(summary(o.Applied))
	for i, a := range o.Applied {
		if note := normNote(a); note != "" {
			b.WriteString("\nNote: ")
			if len(o.Applied) > 1 {
				fmt.Fprintf(&b, "in edit %d, ", i+1)
			}
			b.WriteString(note)
		}
	}
	b.WriteString("\n")
	writeSnippet(&b, o.Diff.Hunks)
	return b.String()
}

// summary counts what was replaced when that is more than "one place".
func summary(applied []Applied) string {
	if len(applied) == 1 {
		if !applied[0].All {
			return ""
		}
		return "\nReplaced " + plural(applied[0].Count, "occurrence") + "."
	}
	s := fmt.Sprintf("\nApplied %d edits.", len(applied))
	for i, a := range applied {
		if a.All {
			s += fmt.Sprintf(" Edit %d replaced %s.", i+1, plural(a.Count, "occurrence"))
		}
	}
	return s
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// normNote explains a match that needed normalising ("" for an exact one).
func normNote(a Applied) string {
	var how string
	switch a.Norm {
	case 0:
		return ""
	case NormQuotes:
		how = "reading curly quotes as straight ones"
	case NormSpace:
		how = "ignoring whitespace at line ends"
	default:
		how = "reading curly quotes as straight ones and ignoring whitespace at line ends"
	}
	s := "old_string had no exact match; it matched after " + how + ", and the file's own text there was replaced."
	if a.Restyled {
		s += " The quotes in new_string were written in the file's quote style."
	}
	return s
}

// writeSnippet writes the new side of each hunk (the change and a few
// lines around it), hunks separated by "...", up to maxSnippetLines.
func writeSnippet(b *strings.Builder, hunks []patch.Hunk) {
	b.WriteString("Snippet of the edited file:")
	written := 0
	for i, h := range hunks {
		if i > 0 {
			b.WriteString("\n...")
		}
		n := h.NewStart
		for _, l := range h.Lines {
			if l == "" || l[0] == '-' {
				continue
			}
			if written == maxSnippetLines {
				b.WriteString("\n... (snippet cut here; Read the file to see the rest)")
				return
			}
			fmt.Fprintf(b, "\n%d\t%s", n, clip(strings.TrimSuffix(l[1:], "\r")))
			n++
			written++
		}
	}
	if written == 0 {
		b.WriteString("\n(the file is now empty)")
	}
}

// clip shortens a line longer than maxLineBytes at a character boundary.
func clip(l string) string {
	if len(l) <= maxLineBytes {
		return l
	}
	cut := maxLineBytes
	for cut > 0 && !utf8.RuneStart(l[cut]) {
		cut--
	}
	return l[:cut] + "… (line truncated)"
}
