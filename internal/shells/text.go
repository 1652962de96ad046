package shells

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// alignStart drops the cut-off start of b: a partial character, or,
// after a gap, the partial line before the first newline.
func alignStart(b []byte, line bool) []byte {
	if i := bytes.IndexByte(b, '\n'); line && i >= 0 && i < len(b)-1 {
		return b[i+1:]
	}
	n := 0
	for n < len(b) && n < utf8.UTFMax && !utf8.RuneStart(b[n]) {
		n++
	}
	return b[n:]
}

// partialRune returns the length of an unfinished UTF-8 sequence at the
// end of b.
func partialRune(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return 0
			}
			return len(b) - i
		}
	}
	return 0
}

// cleanText turns output bytes into text a model can be given: invalid
// UTF-8 and NUL bytes become U+FFFD.
func cleanText(b []byte) string {
	return strings.ReplaceAll(strings.ToValidUTF8(string(b), "\uFFFD"), "\x00", "\uFFFD")
}

// lastChars keeps the last n characters of s and returns how many bytes
// it cut.
func lastChars(s string, n int) (string, int) {
	extra := utf8.RuneCountInString(s) - n
	if extra <= 0 {
		return s, 0
	}
	cut := 0
	for range extra {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
	}
	return s[cut:], cut
}

// lastLines keeps the last whole lines of s that fit in n characters
// (the end of the last line when it alone is longer) and returns how
// many bytes it cut.
func lastLines(s string, n int) (string, int) {
	if utf8.RuneCountInString(s) <= n {
		return s, 0
	}
	tail, cut := lastChars(s, n)
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 && (cut == 0 || s[cut-1] != '\n') {
		return tail[i+1:], cut + i + 1
	}
	return tail, cut
}
