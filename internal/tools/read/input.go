package read

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// maxPagesPerCall is the widest PDF page range one call may ask for.
const maxPagesPerCall = 20

// input is a checked Read input.
type input struct {
	path string
	// offset is the 1-based first line; 0 when not given.
	offset int
	// limit is the number of lines; 0 when not given.
	limit int
	// explicit is set when the model gave offset or limit.
	explicit bool
	pages    *pageRange
}

// pageRange is an inclusive, 1-based PDF page range.
type pageRange struct{ first, last int }

func (p pageRange) String() string {
	if p.first == p.last {
		return strconv.Itoa(p.first)
	}
	return fmt.Sprintf("%d-%d", p.first, p.last)
}

type rawInput struct {
	FilePath *string     `json:"file_path"`
	Offset   json.Number `json:"offset"`
	Limit    json.Number `json:"limit"`
	Pages    *string     `json:"pages"`
}

// parseInput decodes and checks raw.
func parseInput(raw json.RawMessage) (input, error) {
	var r rawInput
	if err := json.Unmarshal(raw, &r); err != nil {
		return input{}, fmt.Errorf("invalid Read input: %w", err)
	}
	if r.FilePath == nil || *r.FilePath == "" {
		return input{}, errors.New("file_path is required: pass the absolute path of the file to read")
	}
	path, err := absPath(*r.FilePath)
	if err != nil {
		return input{}, err
	}
	in := input{path: path, explicit: r.Offset != "" || r.Limit != ""}
	if in.offset, err = lineNumber("offset", r.Offset, 0); err != nil {
		return input{}, err
	}
	if in.limit, err = lineNumber("limit", r.Limit, 1); err != nil {
		return input{}, err
	}
	if r.Pages != nil {
		p, err := parsePages(*r.Pages)
		if err != nil {
			return input{}, err
		}
		in.pages = &p
	}
	return in, nil
}

// absPath insists on an absolute path and cleans it ("/a/b/../c" → "/a/c").
func absPath(p string) (string, error) {
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("file_path must be an absolute path, but %q is relative. Pass the full path of the file, starting with /", p)
	}
	return filepath.Clean(p), nil
}

// lineNumber reads an optional whole number ≥ min (0 when absent). Huge
// values are clamped: no file has that many lines.
func lineNumber(name string, n json.Number, min int) (int, error) {
	if n == "" {
		return 0, nil
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || f < float64(min) {
		return 0, fmt.Errorf("%s must be a whole number ≥ %d, got %s", name, min, n)
	}
	if f > math.MaxInt32*1024.0 {
		f = math.MaxInt32 * 1024.0
	}
	return int(f), nil
}

// parsePages accepts "N" or "N-M" with 1 ≤ N ≤ M and at most 20 pages.
func parsePages(s string) (pageRange, error) {
	bad := func() (pageRange, error) {
		return pageRange{}, fmt.Errorf("Invalid pages value %q: give one page (\"3\") or a range (\"1-5\") of at most %d pages, numbered from 1", s, maxPagesPerCall)
	}
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	first, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil || first < 1 {
		return bad()
	}
	last := first
	if isRange {
		if last, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || last < first {
			return bad()
		}
	}
	if last-first+1 > maxPagesPerCall {
		return bad()
	}
	return pageRange{first, last}, nil
}
