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

// normWords says what each normalisation did, in the order notes list them.
var normWords = []struct {
	n    Norm
	text string
}{
	{NormLineNumbers, "removing the line-number prefixes copied from Read's output"},
	{NormEscapes, "decoding its escape sequences"},
	{NormNewlines, "trimming the line breaks at its ends"},
	{NormQuotes, "reading curly quotes as straight ones"},
	{NormUnicode, "reading dashes, ellipses, no-break spaces and accented letters in one form"},
	{NormSpace, "ignoring whitespace at line ends"},
	{NormIndent, "allowing for different indentation (new_string was re-indented to match)"},
}

// normNote explains a match that needed normalising ("" for an exact one).
func normNote(a Applied) string {
	var how []string
	for _, w := range normWords {
		if a.Norm&w.n != 0 {
			how = append(how, w.text)
		}
	}
	if len(how) == 0 {
		return ""
	}
	list := how[0]
	if n := len(how); n > 1 {
		list = strings.Join(how[:n-1], ", ") + " and " + how[n-1]
	}
	s := "old_string had no exact match; it matched after " + list + ", and the file's own text there was replaced."
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
