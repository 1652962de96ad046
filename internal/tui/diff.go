package tui

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/x/ansi"
)

const (
	// maxDiffLines caps a diff shown in the scrollback.
	maxDiffLines = 40
	// maxScanFile caps what is read of an edited file to place a diff's
	// line numbers.
	maxScanFile = 4 << 20
)

// editInput is what the Edit, Write and MultiEdit inputs hold.
type editInput struct {
	FilePath  string `json:"file_path"`
	OldString string `json:"old_string"`
	NewString string `json:"new_string"`
	Content   string `json:"content"`
	Edits     []struct {
		OldString string `json:"old_string"`
		NewString string `json:"new_string"`
	} `json:"edits"`
}

// diffOf renders an edit call's change as a unified diff with line
// numbers ("" when the input cannot be read).
func (m *model) diffOf(name string, input json.RawMessage) string {
	var in editInput
	if json.Unmarshal(input, &in) != nil {
		return ""
	}
	var parts []string
	switch name {
	case "Write":
		parts = append(parts, renderDiff("", in.Content, 1, m.width))
	case "Edit":
		parts = append(parts, renderDiff(in.OldString, in.NewString, lineOf(in.FilePath, in.NewString), m.width))
	case "MultiEdit":
		for _, e := range in.Edits {
			parts = append(parts, renderDiff(e.OldString, e.NewString, lineOf(in.FilePath, e.NewString), m.width))
		}
	}
	return collapse(strings.Join(parts, "\n"+styleDim.Render("  ⋮")+"\n"), maxDiffLines)
}

// renderDiff diffs old against new, numbering lines from first.
func renderDiff(old, new string, first, width int) string {
	if !strings.HasSuffix(old, "\n") && old != "" {
		old += "\n"
	}
	if !strings.HasSuffix(new, "\n") && new != "" {
		new += "\n"
	}
	u, err := udiff.ToUnifiedDiff("a", "b", old, udiff.Lines(old, new), 2)
	if err != nil {
		return ""
	}
	var b []string
	room := max(width-12, 10)
	for _, h := range u.Hunks {
		oldN, newN := h.FromLine+first-1, h.ToLine+first-1
		for _, l := range h.Lines {
			text := ansi.Truncate(strings.TrimRight(l.Content, "\n"), room, "…")
			switch l.Kind {
			case udiff.Delete:
				b = append(b, styleDel.Render(fmt.Sprintf("%5d - %s", oldN, text)))
				oldN++
			case udiff.Insert:
				b = append(b, styleAdd.Render(fmt.Sprintf("%5d + %s", newN, text)))
				newN++
			default:
				b = append(b, styleDim.Render(fmt.Sprintf("%5d   %s", newN, text)))
				oldN++
				newN++
			}
		}
	}
	return strings.Join(b, "\n")
}

// lineOf is the 1-based line where s starts in the file (after the
// edit), or 1 when it cannot be found.
func lineOf(path, s string) int {
	if path == "" || s == "" {
		return 1
	}
	f, err := os.Open(path)
	if err != nil {
		return 1
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxScanFile))
	if err != nil {
		return 1
	}
	i := strings.Index(string(data), s)
	if i < 0 {
		return 1
	}
	return 1 + strings.Count(string(data[:i]), "\n")
}
