package grep

import (
	"context"
	"sync"
)

// Caps shared by both engines.
const (
	// maxFileSize: larger files are not searched (rg --max-filesize).
	maxFileSize = 10 << 20
	// maxFiles and maxLines bound what one search collects (the default
	// caps); past them the search stops and the result says it is partial.
	maxFiles = 100_000
	maxLines = 100_000
	// maxColumns: longer lines are shown as an "omitted" note, as rg
	// --max-columns does.
	maxColumns = 500
)

// caps bound what one search collects: files with matches, and output
// lines in content mode.
type caps struct{ files, lines int }

// engine runs a validated query.
type engine interface {
	name() string
	search(ctx context.Context, q *query) (*results, error)
}

// line is one line of content-mode output.
type line struct {
	num   int
	text  string // without the line terminator; empty when long
	long  bool   // longer than maxColumns bytes
	match bool   // a matching line (else context)
}

// fileResult is what one file contributed.
type fileResult struct {
	path  string // absolute
	lines []line // content mode
	count int    // matching lines (count mode)
	cut   bool   // the file had more lines than the cap
}

// results are the files with matches, in no particular order.
type results struct {
	files []fileResult
	// partial: a cap stopped the search before it finished.
	partial bool
	// skipped: files that were not searched, by reason.
	skipped [numSkipReasons]skipList
}

// newLine makes a line from raw text, dropping a trailing line terminator
// and the text of a line too long to show.
func newLine(num int, text []byte, match bool) line {
	n := len(text)
	if n > 0 && text[n-1] == '\n' {
		n--
	}
	if n > 0 && text[n-1] == '\r' {
		n--
	}
	if n > maxColumns {
		return line{num: num, long: true, match: match}
	}
	return line{num: num, text: string(text[:n]), match: match}
}

// collector gathers results from concurrent searches and tells them when
// a cap is reached.
type collector struct {
	caps  caps
	mu    sync.Mutex
	res   results
	lines int
}

// add records one file's result. False means a cap was already reached:
// the result is dropped, the results are partial and the search should
// stop.
func (c *collector) add(f fileResult) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.res.partial || len(c.res.files) >= c.caps.files || c.lines >= c.caps.lines {
		c.res.partial = true
		return false
	}
	c.res.files = append(c.res.files, f)
	c.lines += len(f.lines)
	c.res.partial = f.cut
	return !f.cut
}

func (c *collector) results() *results {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.res
	return &r
}
