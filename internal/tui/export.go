package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"corvid/internal/provider"
)

// Caps on /export: a file holds at most maxExport bytes of the
// conversation, the clipboard (OSC 52, which terminals cap themselves)
// maxClipboard; a tool's input and result keep a few lines each.
const (
	maxExport        = 8 << 20
	maxClipboard     = 256 << 10
	exportInputBytes = 200
	exportResultRows = 10
)

// cmdExport writes the conversation as plain text to a file (a dated
// name in the working directory by default; an existing file is never
// overwritten) or, with "clipboard", copies it through OSC 52.
func (m *model) cmdExport(arg string) tea.Cmd {
	if m.conv == nil || m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) first"))
	}
	text := exportText(m.conv.Messages())
	if arg == "clipboard" {
		text, cut := capText(text, maxClipboard)
		if m.scr != nil {
			_, _ = m.scr.w.Write([]byte(ansi.SetSystemClipboard(text)))
		}
		return m.println(styleDim.Render(fmt.Sprintf("  ⎿ Copied the conversation to the clipboard (%d bytes%s)", len(text), cut)))
	}
	path := arg
	if path == "" {
		path = m.o.now().Format("2006-01-02-150405") + "-conversation.txt"
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(m.o.Cwd, path)
	}
	text, cut := capText(text, maxExport)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return m.println(m.errorLine(fmt.Sprintf("Exporting: %v · name another file: /export <file>", err)))
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path) // no half-written export left behind
		return m.println(m.errorLine("Exporting: " + err.Error()))
	}
	return m.println(styleDim.Render(fmt.Sprintf("  ⎿ Exported the conversation to %s (%d bytes%s)", path, len(text), cut)))
}

// capText cuts s to n bytes on a line boundary, with a note of what was
// left out; cut says so for the report.
func capText(s string, n int) (string, string) {
	if len(s) <= n {
		return s, ""
	}
	keep := s[:n]
	if i := strings.LastIndexByte(keep, '\n'); i > 0 {
		keep = keep[:i+1]
	}
	return keep + fmt.Sprintf("[… %d more bytes not exported]\n", len(s)-len(keep)), ", cut"
}

// exportText is the conversation as a reader sees it: prompts after
// "> ", answers, one line per tool call with the start of its result.
func exportText(msgs []provider.Message) string {
	var b strings.Builder
	for _, msg := range msgs {
		for _, blk := range msg.Content {
			writeExportBlock(&b, msg.Role, blk)
		}
	}
	return b.String()
}

func writeExportBlock(b *strings.Builder, role provider.Role, blk provider.Block) {
	switch blk.Type {
	case provider.BlockText:
		t := strings.TrimSpace(blk.Text)
		switch {
		case t == "" || strings.HasPrefix(t, "<system-reminder>"):
		case role == provider.RoleUser:
			b.WriteString("> " + strings.ReplaceAll(t, "\n", "\n  ") + "\n\n")
		default:
			b.WriteString("⏺ " + t + "\n\n")
		}
	case provider.BlockToolUse:
		in, _ := capText(string(blk.Input), exportInputBytes)
		fmt.Fprintf(b, "⏺ %s(%s)\n", blk.Name, strings.TrimSpace(in))
	case provider.BlockToolResult:
		var parts []string
		for _, c := range blk.Content {
			if c.Type == provider.BlockText {
				parts = append(parts, c.Text)
			}
		}
		lines := strings.Split(strings.TrimRight(strings.Join(parts, "\n"), "\n"), "\n")
		if len(lines) > exportResultRows {
			lines = append(lines[:exportResultRows], fmt.Sprintf("… +%d lines", len(lines)-exportResultRows))
		}
		b.WriteString("  ⎿ " + strings.Join(lines, "\n    ") + "\n\n")
	}
}
