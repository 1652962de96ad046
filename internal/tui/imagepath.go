package tui

import (
	"errors"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"corvid/internal/capread"
	cmdargs "corvid/internal/command"
	"corvid/internal/tools/read"
)

const (
	// maxPathPaste: a paste longer than this is never taken for paths.
	maxPathPaste = 8192
	// maxPastedPaths: a paste of more words than this is text.
	maxPastedPaths = 20
)

// pastedPaths are the files a paste names, when its whole text is one or
// more paths as terminals deliver dropped files: plain, in single or
// double quotes, with backslash-escaped spaces, or file:// URLs,
// separated by spaces. A relative path is taken from cwd, ~/ from home.
// nil when the paste is not made of paths only.
func pastedPaths(text, cwd, home string) []string {
	s := strings.TrimSpace(text)
	if s == "" || len(s) > maxPathPaste || strings.ContainsAny(s, "\n\r\x00") {
		return nil
	}
	words, ok := cmdargs.SplitWords(s)
	if !ok || len(words) > maxPastedPaths {
		return nil
	}
	paths := make([]string, 0, len(words))
	for _, w := range words {
		p := resolvePath(w, cwd, home)
		if p == "" {
			return nil
		}
		paths = append(paths, p)
	}
	return paths
}

// resolvePath makes one pasted word an absolute path ("" if it cannot).
func resolvePath(w, cwd, home string) string {
	if strings.HasPrefix(w, "file://") {
		u, err := url.Parse(w)
		if err != nil || (u.Host != "" && u.Host != "localhost") || u.Path == "" {
			return ""
		}
		w = u.Path
	}
	switch {
	case w == "~" || strings.HasPrefix(w, "~/"):
		if home == "" {
			return ""
		}
		w = filepath.Join(home, w[1:])
	case !filepath.IsAbs(w):
		if cwd == "" {
			return ""
		}
		w = filepath.Join(cwd, w)
	}
	return filepath.Clean(w)
}

// errNotImageFile: the path is not a regular file holding an image.
var errNotImageFile = errors.New("not an image file")

// imageFile reports whether path is a regular file whose content (not
// its name) is a PNG, JPEG, GIF or WebP image, and its size. It reads
// the first 512 bytes only.
func imageFile(path string) (int64, error) {
	// Stat first: opening a named pipe would wait for a writer.
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return 0, errNotImageFile
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if !info.Mode().IsRegular() {
		return 0, errNotImageFile
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return 0, err
	}
	if read.ImageMediaType(head[:n]) == "" {
		return 0, errNotImageFile
	}
	return info.Size(), nil
}

// readImageFile reads an image file of at most limit bytes.
func readImageFile(path string, limit int64) ([]byte, error) {
	data, err := capread.File(path, limit)
	if errors.Is(err, capread.ErrTooLarge) {
		return nil, read.ErrImageTooLarge
	}
	return data, err
}
