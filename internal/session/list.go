package session

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"corvid/internal/provider"
)

// maxPromptPreview caps Info.FirstPrompt, in characters.
const maxPromptPreview = 80

// Info describes one session for a picker.
type Info struct {
	ID       string
	Path     string
	Modified time.Time
	// FirstPrompt is the first text the user typed (not injected text),
	// on one line, at most 80 characters.
	FirstPrompt string
	// Messages counts the user and assistant entries of the main chain
	// (one per prompt, tool result or response block).
	Messages int
}

// List describes the sessions in projectDir, newest first, at most limit
// of them (all when limit <= 0). Sessions with no conversation are left
// out, as are files that cannot be read. Each file is only scanned; the
// one message holding the first prompt is decoded.
func List(projectDir string, limit int) ([]Info, error) {
	files, err := sessionFiles(projectDir)
	if err != nil {
		return nil, fmt.Errorf("session: list %s: %w", projectDir, err)
	}
	var out []Info
	for _, f := range files {
		if limit > 0 && len(out) >= limit {
			break
		}
		info, err := describe(f)
		if err != nil || info.Messages == 0 {
			continue
		}
		out = append(out, info)
	}
	return out, nil
}

// describe scans one transcript for its picker line.
func describe(f sessionFile) (Info, error) {
	info := Info{ID: f.id, Path: f.path, Modified: f.mod}
	file, err := os.Open(f.path)
	if err != nil {
		return info, err
	}
	defer file.Close()
	s := newLineScanner(file, 256<<10, MaxEntryBytes)
	var e entryInfo
	for {
		off, line, err := s.next()
		if err == io.EOF {
			return info, nil
		}
		if err != nil {
			return info, err
		}
		if scanEntry(line, off, &e) != nil || e.sidechain {
			continue
		}
		if e.kind != kindUser && e.kind != kindAssistant {
			continue
		}
		info.Messages++
		if info.FirstPrompt == "" && e.kind == kindUser && !e.meta && e.payload.n > 0 {
			rel := e.payload.off - off
			info.FirstPrompt = firstText(line[rel : rel+int64(e.payload.n)])
		}
	}
}

// firstText is the first text block of an encoded user message, as a
// one-line preview.
func firstText(msg []byte) string {
	m, err := decodeMessage(msg)
	if err != nil {
		return ""
	}
	for _, b := range m.blocks {
		if b.Type == provider.BlockText && strings.TrimSpace(b.Text) != "" {
			return preview(b.Text)
		}
	}
	return ""
}

// preview collapses whitespace and cuts s to maxPromptPreview characters.
func preview(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= maxPromptPreview {
		return s
	}
	r := []rune(s)
	return string(r[:maxPromptPreview-1]) + "…"
}

// FormatList renders sessions as a plain table: id, last change, number of
// messages and first prompt.
func FormatList(infos []Info) string {
	if len(infos) == 0 {
		return "No sessions found.\n"
	}
	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SESSION\tMODIFIED\tMESSAGES\tFIRST PROMPT")
	for _, in := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", in.ID, in.Modified.Local().Format("2006-01-02 15:04"),
			in.Messages, in.FirstPrompt)
	}
	tw.Flush()
	return sb.String()
}
