package grep

import (
	"fmt"
	"os"
	"strings"
)

// maxResultChars caps the text returned to the model; a longer result is
// cut at a line boundary and saved whole to the session directory.
const maxResultChars = 20_000

// page is one window of output items after offset and head_limit.
type page struct {
	items []string
	total int
	skip  int // the offset asked for
	// limit and offset as reported: limit only when it cut the output,
	// offset only when it is not 0.
	limit, offset *int
}

func paginate(items []string, offset, limit int) page {
	p := page{total: len(items), skip: offset}
	start := min(offset, len(items))
	end := len(items)
	if limit > 0 && end-start > limit {
		end = start + limit
		p.limit = &limit
	}
	if offset > 0 {
		p.offset = &offset
	}
	p.items = items[start:end]
	return p
}

// info describes the pagination that shaped the page ("" when none did).
func (p page) info() string {
	var parts []string
	if p.limit != nil {
		parts = append(parts, fmt.Sprintf("limit: %d", *p.limit))
	}
	if p.offset != nil {
		parts = append(parts, fmt.Sprintf("offset: %d", *p.offset))
	}
	return strings.Join(parts, ", ")
}

// empty is the text of an empty page: none, or an offset past the end.
func (p page) empty(none string) string {
	if p.total == 0 {
		return none
	}
	return fmt.Sprintf("No more results: offset %d is past the end (there are %d in all).", p.skip, p.total)
}

// spill cuts a text over maxResultChars at a line boundary and saves the
// whole text under sessionDir, saying where; content (the structured
// copy) is cut the same way.
func spill(text string, content *string, sessionDir string) (string, *string) {
	if len(text) <= maxResultChars {
		return text, content
	}
	cut := strings.LastIndexByte(text[:maxResultChars], '\n')
	if cut <= 0 {
		cut = maxResultChars
	}
	head := text[:cut]
	if content != nil && len(*content) > len(head) {
		content = &head
	}
	note := fmt.Sprintf("\n\n[Output cut at %d of %d characters.", len(head), len(text))
	if path, err := save(text, sessionDir); err == nil {
		note += " The full result is in " + path + "; read it with the Read tool (offset/limit), or narrow the search or use offset/head_limit.]"
	} else {
		note += " Narrow the search, or page through it with offset and head_limit.]"
	}
	return head + note, content
}

func save(text, dir string) (string, error) {
	if dir == "" {
		return "", fmt.Errorf("no session directory")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("session directory: %w", err)
	}
	f, err := os.CreateTemp(dir, "grep-*.txt")
	if err != nil {
		return "", fmt.Errorf("spill file: %w", err)
	}
	_, werr := f.WriteString(text)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("spill file: %w", werr)
	}
	return f.Name(), nil
}
