package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf8"
)

// minReadBytes is the least a file read may take in before comments and
// frontmatter are stripped and the per-file cap applies.
const minReadBytes = 1 << 20

// doc is an instruction file's text, ready to include.
type doc struct {
	content  string
	hasPaths bool // frontmatter names paths: the file applies only to some files
}

// statFile finds an instruction file. ok is false, without an error, when
// the path does not exist or is not a regular file.
func statFile(path string) (fs.FileInfo, bool, error) {
	fi, err := os.Stat(path)
	switch {
	case err == nil:
		return fi, fi.Mode().IsRegular(), nil
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrInvalid), errors.Is(err, syscall.ENOTDIR):
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("instruction file %s: %w", path, err)
	}
}

// readDoc reads and prepares one file: frontmatter and block comments
// stripped, blank edges trimmed, cut to maxBytes with a note. ok is false
// for binary files, which are skipped without an error.
func readDoc(path string, maxBytes int) (doc, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return doc{}, false, nil
		}
		return doc{}, false, fmt.Errorf("instruction file %s: %w", path, err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, int64(max(4*maxBytes, minReadBytes))))
	if err != nil {
		return doc{}, false, fmt.Errorf("instruction file %s: %w", path, err)
	}
	if bytes.IndexByte(raw, 0) >= 0 {
		return doc{}, false, nil
	}
	text := strings.ReplaceAll(string(raw), "\r\n", "\n")
	text = strings.TrimPrefix(text, "\ufeff")
	front, body := splitFrontmatter(text)
	content := trimBlankEdges(stripComments(body))
	return doc{content: capText(content, maxBytes), hasPaths: hasPathsKey(front)}, true, nil
}

// trimBlankEdges drops leading blank lines and trailing white space.
func trimBlankEdges(s string) string {
	s = strings.TrimRight(s, " \t\n")
	for {
		line, rest, ok := strings.Cut(s, "\n")
		if !ok || strings.TrimSpace(line) != "" {
			if strings.TrimSpace(s) == "" {
				return ""
			}
			return s
		}
		s = rest
	}
}

// capText cuts s to at most maxBytes bytes on a character boundary and
// says so at the end.
func capText(s string, maxBytes int) string {
	if len(s) <= maxBytes {
		return s
	}
	cut := maxBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n\n[This file is longer than %d characters; the rest was left out.]", maxBytes)
}

// seenSet remembers the files already included, by resolved path and by
// file identity, so a file reached twice (through a symlink, or a
// different letter case on a case-insensitive disk) is included once.
type seenSet struct {
	paths map[string]bool
	infos []fs.FileInfo
}

func newSeenSet() *seenSet { return &seenSet{paths: map[string]bool{}} }

func resolved(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return filepath.Clean(path)
}

func (s *seenSet) has(path string, fi fs.FileInfo) bool {
	if s.paths[resolved(path)] {
		return true
	}
	for _, x := range s.infos {
		if os.SameFile(x, fi) {
			return true
		}
	}
	return false
}

func (s *seenSet) add(path string, fi fs.FileInfo) {
	s.paths[resolved(path)] = true
	s.infos = append(s.infos, fi)
}
