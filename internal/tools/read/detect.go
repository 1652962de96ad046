package read

import (
	"bytes"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
)

// kind is how Read shows a file.
type kind int

const (
	kindText kind = iota
	kindImage
	kindPDF
	kindNotebook
	kindBinary
)

// classify decides a file's kind from its extension (notebooks) and its
// first bytes (everything else), and returns the detected MIME type.
func classify(path string, head []byte) (kind, string) {
	if strings.EqualFold(filepath.Ext(path), ".ipynb") {
		return kindNotebook, "application/x-ipynb+json"
	}
	m := mimetype.Detect(head)
	name := m.String()
	switch {
	case m.Is("image/png"), m.Is("image/jpeg"), m.Is("image/gif"), m.Is("image/webp"):
		return kindImage, name
	case m.Is("application/pdf"):
		return kindPDF, name
	case bytes.IndexByte(head, 0) >= 0:
		return kindBinary, name
	case isText(m) || looksLikeText(head):
		return kindText, name
	}
	return kindBinary, name
}

// isText reports whether m is text/plain or one of its refinements
// (source code, JSON, XML, HTML, CSV…).
func isText(m *mimetype.MIME) bool {
	for ; m != nil; m = m.Parent() {
		if m.Is("text/plain") {
			return true
		}
	}
	return false
}

// looksLikeText accepts valid UTF-8 without control characters other than
// whitespace and escape sequences, for text formats the sniffer does not
// know.
func looksLikeText(head []byte) bool {
	// A multi-byte character may be cut at the end of the head.
	for i := len(head) - 1; i >= 0 && i >= len(head)-utf8.UTFMax; i-- {
		if utf8.RuneStart(head[i]) {
			if !utf8.FullRune(head[i:]) {
				head = head[:i]
			}
			break
		}
	}
	if !utf8.Valid(head) {
		return false
	}
	for _, c := range head {
		if c < 0x20 && !strings.ContainsRune("\t\n\r\f\v\b\x1b", rune(c)) {
			return false
		}
	}
	return true
}
