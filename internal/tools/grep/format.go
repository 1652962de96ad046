package grep

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Output is the structured result (tool_use_result).
type Output struct {
	Mode          string   `json:"mode"`
	NumFiles      int      `json:"numFiles"`
	Filenames     []string `json:"filenames"`
	Content       *string  `json:"content,omitempty"`
	NumLines      *int     `json:"numLines,omitempty"`
	NumMatches    *int     `json:"numMatches,omitempty"`
	AppliedLimit  *int     `json:"appliedLimit,omitempty"`
	AppliedOffset *int     `json:"appliedOffset,omitempty"`
}

const partialNotice = "[The search stopped early at its result cap, so some matches are missing. Narrow the pattern, path, glob or type to see them all.]"

// format renders res for q's mode. Files are listed newest first; lines
// and counts follow path order. Paths are relative to workDir when below
// it. When a single file was searched, content lines carry no path.
func format(q *query, res *results, workDir string) (Output, string) {
	var out Output
	var text string
	switch q.mode {
	case modeFiles:
		out, text = formatFiles(q, res.files, workDir)
	case modeCount:
		out, text = formatCounts(q, res.files, workDir)
	default:
		out, text = formatContent(q, res.files, workDir)
	}
	if res.partial {
		text += "\n\n" + partialNotice
	}
	return out, text
}

func formatFiles(q *query, files []fileResult, workDir string) (Output, string) {
	mtimes := make(map[string]time.Time, len(files))
	for _, f := range files {
		if info, err := os.Stat(f.path); err == nil {
			mtimes[f.path] = info.ModTime()
		}
	}
	slices.SortFunc(files, func(a, b fileResult) int {
		if c := mtimes[b.path].Compare(mtimes[a.path]); c != 0 {
			return c
		}
		return cmp.Compare(a.path, b.path)
	})
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = display(f.path, workDir)
	}
	p := paginate(names, q.offset, q.headLimit)
	out := Output{Mode: q.mode, NumFiles: len(p.items), Filenames: p.items,
		AppliedLimit: p.limit, AppliedOffset: p.offset}
	if len(p.items) == 0 {
		return out, p.empty("No files found")
	}
	header := fmt.Sprintf("Found %d %s", len(p.items), plural(len(p.items), "file", "files"))
	if info := p.info(); info != "" {
		header += " " + info
	}
	return out, header + "\n" + strings.Join(p.items, "\n")
}

func formatCounts(q *query, files []fileResult, workDir string) (Output, string) {
	sortByPath(files)
	entries := make([]string, len(files))
	total := 0
	for i, f := range files {
		entries[i] = display(f.path, workDir) + ":" + strconv.Itoa(f.count)
		total += f.count
	}
	p := paginate(entries, q.offset, q.headLimit)
	content := strings.Join(p.items, "\n")
	out := Output{Mode: q.mode, NumFiles: len(files), Filenames: []string{}, Content: &content,
		NumMatches: &total, AppliedLimit: p.limit, AppliedOffset: p.offset}
	if len(p.items) == 0 {
		return out, p.empty("No matches found")
	}
	text := fmt.Sprintf("%s\n\nFound %d total %s across %d %s.", content, total,
		plural(total, "occurrence", "occurrences"), len(files), plural(len(files), "file", "files"))
	if info := p.info(); info != "" {
		text += " with pagination = " + info
	}
	return out, text
}

func formatContent(q *query, files []fileResult, workDir string) (Output, string) {
	sortByPath(files)
	p := paginate(renderLines(q, files, workDir), q.offset, q.headLimit)
	content := strings.Join(p.items, "\n")
	n := len(p.items)
	out := Output{Mode: q.mode, NumFiles: len(files), Filenames: []string{}, Content: &content,
		NumLines: &n, AppliedLimit: p.limit, AppliedOffset: p.offset}
	if n == 0 {
		return out, p.empty("No matches found")
	}
	if info := p.info(); info != "" {
		return out, content + "\n\n[Showing results with pagination = " + info + "]"
	}
	return out, content
}

// renderLines prints lines as rg does: path:line:text for matches,
// path-line-text for context, "--" between groups when context is shown.
func renderLines(q *query, files []fileResult, workDir string) []string {
	withContext := q.before > 0 || q.after > 0
	var out []string
	for i, f := range files {
		name := display(f.path, workDir)
		prev := -1
		for _, l := range f.lines {
			if withContext && ((prev < 0 && i > 0) || (prev >= 0 && l.num > prev+1)) {
				out = append(out, "--")
			}
			out = append(out, renderLine(name, l, q.lineNumbers, q.isFile))
			prev = l.num
		}
	}
	return out
}

func renderLine(name string, l line, lineNumbers, isFile bool) string {
	sep, text := "-", l.text
	if l.match {
		sep = ":"
	}
	if l.long {
		text = "[Omitted long context line]"
		if l.match {
			text = "[Omitted long matching line]"
		}
	}
	var b strings.Builder
	if !isFile {
		b.WriteString(name + sep)
	}
	if lineNumbers {
		b.WriteString(strconv.Itoa(l.num) + sep)
	}
	b.WriteString(text)
	return b.String()
}

func sortByPath(files []fileResult) {
	slices.SortFunc(files, func(a, b fileResult) int { return cmp.Compare(a.path, b.path) })
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// display shows path relative to the working directory when it is below
// it, else absolute.
func display(path, workDir string) string {
	if workDir != "" {
		if rel, ok := strings.CutPrefix(path, strings.TrimSuffix(workDir, "/")+"/"); ok {
			return rel
		}
	}
	return path
}
