package grep

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// Why a file was not searched. Binary files are left out of the report:
// skipping them is the documented behaviour (prompt.md), and ripgrep
// leaves no trace of them.
type skipReason int

const (
	skipTooLarge skipReason = iota
	skipUnreadable
	numSkipReasons
)

// maxSkipNames is how many names the note lists per reason.
const maxSkipNames = 5

// skippedFile is a file that was not searched.
type skippedFile struct {
	path   string // absolute
	detail string // why it could not be read; "" when too large
}

// skipList is what was skipped for one reason: how many, and the first
// names in path order.
type skipList struct {
	count int
	first []skippedFile
}

// add counts f and keeps it when it is among the first maxSkipNames
// paths, so the note does not depend on the order files were met.
func (l *skipList) add(f skippedFile) {
	l.count++
	i, _ := slices.BinarySearchFunc(l.first, f.path, func(a skippedFile, p string) int {
		return strings.Compare(a.path, p)
	})
	if i < maxSkipNames {
		l.first = slices.Insert(l.first, i, f)
		l.first = l.first[:min(len(l.first), maxSkipNames)]
	}
}

// skip records a file the search did not search.
func (c *collector) skip(reason skipReason, path, detail string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.res.skipped[reason].add(skippedFile{path: path, detail: detail})
}

// skipNote tells the model what was not searched and why; "" when every
// file was.
func skipNote(skipped [numSkipReasons]skipList, workDir string) string {
	var parts []string
	for reason, l := range skipped {
		if l.count == 0 {
			continue
		}
		var what string
		names := make([]string, 0, len(l.first))
		for _, f := range l.first {
			n := display(f.path, workDir)
			if f.detail != "" {
				n += ": " + f.detail
			}
			names = append(names, n)
		}
		switch skipReason(reason) {
		case skipTooLarge:
			what = fmt.Sprintf("larger than %d MB", maxFileSize>>20)
		default:
			what = "that could not be read"
		}
		list := strings.Join(names, ", ")
		if more := l.count - len(names); more > 0 {
			list += fmt.Sprintf(" and %d more", more)
		}
		parts = append(parts, fmt.Sprintf("%d %s %s (%s)", l.count, plural(l.count, "file", "files"), what, list))
	}
	if len(parts) == 0 {
		return ""
	}
	return "[Not searched: " + strings.Join(parts, "; ") + ".]"
}

// readFailure words why a file could not be read.
func readFailure(err error) string {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}
