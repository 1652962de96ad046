package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// A syntax tree costs about ten times the file's size, so a file over
// MaxFileSize (allowed up to MaxSettingsSize, that deny and ask rules
// are honoured whatever a file's size) is parsed leanly instead: its
// comments and trailing commas are overwritten with spaces, in place,
// and encoding/json reads the result. Offsets are kept, so a syntax
// error still has its line and column. FuzzLeanParse checks that both
// parsers accept the same files and read the same keys.

// parseLean parses d.data, which it may overwrite.
func (d *document) parseLean() (*document, *Problem) {
	std := d.data
	if at, err := blankExtras(std); err != nil {
		p := problemAt(d.name, d.data, at, "invalid JSON: %v", err)
		return nil, &p
	}
	if i := firstByte(std); i < 0 || std[i] != '{' {
		p := problemAt(d.name, std, max(i, 0), "settings must be a JSON object")
		return nil, &p
	}
	if err := json.Unmarshal(std, &d.keys); err != nil {
		p := parseProblem(d.name, std, err)
		return nil, &p
	}
	d.std = std
	return d, nil
}

// firstByte is the offset of the first byte that is not JSON whitespace;
// -1 when there is none.
func firstByte(b []byte) int {
	for i, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return i
		}
	}
	return -1
}

// errComment is an unterminated or invalid comment.
var errComment = errors.New("invalid comment")

// blankExtras overwrites JWCC's comments and trailing commas with spaces
// (keeping newlines). On a comment hujson would refuse (unterminated, not
// UTF-8, a line comment holding U+2028 or U+2029 or ending the file
// without a newline) it returns its offset and an error; anything else
// malformed is left for encoding/json to report.
func blankExtras(b []byte) (int, error) {
	last, beforeComma := -1, -1 // significant bytes
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case c == '/' && i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*'):
			end, err := commentEnd(b, i)
			if err != nil {
				return i, err
			}
			blank(b[i:end])
			i = end - 1
		case c == '"':
			i = skipString(b, i)
			last = i
		case (c == ']' || c == '}') && last >= 0 && b[last] == ',' && afterValue(b, beforeComma):
			b[last] = ' '
			last = i
		case c == ',':
			beforeComma, last = last, i
		default:
			last = i
		}
	}
	return 0, nil
}

// afterValue reports whether the significant byte at i ends a value, so
// that a comma after it may trail.
func afterValue(b []byte, i int) bool {
	if i < 0 {
		return false
	}
	switch b[i] {
	case '[', '{', ',', ':':
		return false
	}
	return true
}

// commentEnd is the offset just past the comment starting at i.
func commentEnd(b []byte, i int) (int, error) {
	var end int
	if b[i+1] == '/' {
		n := bytes.IndexByte(b[i+2:], '\n')
		if n < 0 {
			return 0, fmt.Errorf("%w: line comment without a newline at the end of the file", errComment)
		}
		end = i + 2 + n + 1
		if bytes.ContainsRune(b[i:end], '\u2028') || bytes.ContainsRune(b[i:end], '\u2029') {
			return 0, fmt.Errorf("%w: line separator in a line comment", errComment)
		}
	} else {
		n := bytes.Index(b[i+2:], []byte("*/"))
		if n < 0 {
			return 0, fmt.Errorf("%w: unterminated block comment", errComment)
		}
		end = i + 2 + n + 2
	}
	if !utf8.Valid(b[i:end]) {
		return 0, fmt.Errorf("%w: invalid UTF-8 in comment", errComment)
	}
	return end, nil
}

// blank overwrites b with spaces, keeping newlines.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}
