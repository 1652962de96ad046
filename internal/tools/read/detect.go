package read

import (
	"bytes"
	"net/http"
	"path/filepath"
	"strings"
	"unicode/utf8"
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
// first bytes (everything else), and returns the detected MIME type. The
// type comes from the standard library's sniffer (the WHATWG algorithm),
// which knows the images and PDFs Read shows and the common archive,
// audio and video formats it names when refusing a binary file.
func classify(path string, head []byte) (kind, string) {
	if strings.EqualFold(filepath.Ext(path), ".ipynb") {
		return kindNotebook, "application/x-ipynb+json"
	}
	name := http.DetectContentType(head)
	switch media, _, _ := strings.Cut(name, ";"); {
	case media == "image/png", media == "image/jpeg", media == "image/gif", media == "image/webp":
		return kindImage, name
	case media == "application/pdf":
		return kindPDF, name
	case bytes.IndexByte(head, 0) >= 0:
		return kindBinary, name
	case !hasBinaryBytes(head) || looksLikeText(head):
		return kindText, name
	}
	if strings.HasSuffix(name, "charset=utf-8") {
		// The sniffer looks at 512 bytes only; past them there was binary.
		name = "application/octet-stream"
	}
	return kindBinary, name
}

// hasBinaryBytes reports the control bytes that never occur in text, in
// any single-byte or UTF-8 encoding (the WHATWG list: not tab, line feed,
// form feed, carriage return or escape).
func hasBinaryBytes(head []byte) bool {
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != 0x1b {
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
