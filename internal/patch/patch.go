// Package patch computes the structured patch that file-changing tools
// report (Claude Code's structuredPatch: hunks of " ctx", "-old", "+new"
// lines) and the added/removed line counts. It is a leaf package on top of
// go-udiff.
package patch

import (
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// contextLines is how much unchanged text surrounds each hunk.
const contextLines = 3

// Hunk is one hunk of a structured patch, in Claude Code's JSON shape.
// Lines keep their text without the trailing newline, prefixed with ' ',
// '-' or '+'.
type Hunk struct {
	OldStart int      `json:"oldStart"`
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// Diff is the change from one text to another.
type Diff struct {
	Hunks   []Hunk
	Added   int
	Removed int
}

// Compute diffs old and new line by line.
func Compute(old, new string) Diff {
	if old == new {
		return Diff{Hunks: []Hunk{}}
	}
	edits := udiff.Lines(old, new)
	u, err := udiff.ToUnifiedDiff("a", "b", old, edits, contextLines)
	if err != nil {
		// Lines' edits are always valid for old; fall back to a whole-file
		// replacement rather than report nothing.
		return whole(old, new)
	}
	d := Diff{Hunks: []Hunk{}}
	for _, h := range u.Hunks {
		d.Hunks = append(d.Hunks, convert(h, &d))
	}
	return d
}

func convert(h *udiff.Hunk, d *Diff) Hunk {
	out := Hunk{OldStart: h.FromLine, NewStart: h.ToLine, Lines: []string{}}
	for _, l := range h.Lines {
		text := strings.TrimSuffix(l.Content, "\n")
		switch l.Kind {
		case udiff.Delete:
			out.Lines = append(out.Lines, "-"+text)
			out.OldLines++
			d.Removed++
		case udiff.Insert:
			out.Lines = append(out.Lines, "+"+text)
			out.NewLines++
			d.Added++
		default:
			out.Lines = append(out.Lines, " "+text)
			out.OldLines++
			out.NewLines++
		}
	}
	return out
}

func whole(old, new string) Diff {
	h := Hunk{OldStart: 1, NewStart: 1, Lines: []string{}}
	for _, l := range splitLines(old) {
		h.Lines = append(h.Lines, "-"+l)
		h.OldLines++
	}
	for _, l := range splitLines(new) {
		h.Lines = append(h.Lines, "+"+l)
		h.NewLines++
	}
	return Diff{Hunks: []Hunk{h}, Added: h.NewLines, Removed: h.OldLines}
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
