package tui

import (
	"errors"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"corvid/internal/tools/read"
)

// maxPathPaste: a paste longer than this is never taken for a path.
const maxPathPaste = 4096

// pastedPath is the file a paste names, when its whole text is one path
// as terminals deliver a dropped file: plain, in single or double
// quotes, with backslash-escaped spaces, or a file:// URL. A relative
// path is taken from cwd, ~/ from home. "" when the paste is not one
// path.
func pastedPath(text, cwd, home string) string {
	s := strings.TrimSpace(text)
	if s == "" || len(s) > maxPathPaste || strings.ContainsAny(s, "\n\r\x00") {
		return ""
	}
	switch {
	case strings.HasPrefix(s, "file://"):
		u, err := url.Parse(s)
		if err != nil || (u.Host != "" && u.Host != "localhost") || u.Path == "" {
			return ""
		}
		s = u.Path
	case len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0]:
		s = s[1 : len(s)-1]
	default:
		var ok bool
		if s, ok = unescapePath(s); !ok {
			return ""
		}
	}
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		if home == "" {
			return ""
		}
		s = filepath.Join(home, s[1:])
	case !filepath.IsAbs(s):
		if cwd == "" {
			return ""
		}
		s = filepath.Join(cwd, s)
	}
	return filepath.Clean(s)
}

// unescapePath undoes a shell's backslash escapes; an unescaped space
// means the text is not one path (ok false).
func unescapePath(s string) (string, bool) {
	if !strings.ContainsAny(s, "\\ ") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case c == ' ':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
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
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, read.ErrImageTooLarge
	}
	return data, nil
}
