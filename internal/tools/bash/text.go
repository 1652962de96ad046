package bash

import (
	"strings"
	"unicode/utf8"
)

// cleanText turns output bytes into text a model can be given: invalid
// UTF-8 and NUL bytes become U+FFFD.
func cleanText(b []byte) string {
	return strings.ReplaceAll(strings.ToValidUTF8(string(b), "\uFFFD"), "\x00", "\uFFFD")
}

// runeStarts counts the bytes of b that start a character: the number of
// characters for valid UTF-8, counted across chunk boundaries.
func runeStarts(b []byte) int64 {
	var n int64
	for _, c := range b {
		if utf8.RuneStart(c) {
			n++
		}
	}
	return n
}

// trimPartialStart drops continuation bytes at the start of b, left
// there by a cut inside a character.
func trimPartialStart(b []byte) []byte {
	for i := 0; i < len(b) && i < utf8.UTFMax; i++ {
		if utf8.RuneStart(b[i]) {
			return b[i:]
		}
	}
	return b
}

// firstChars returns the first n characters of s.
func firstChars(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// lastChars returns the last n characters of s.
func lastChars(s string, n int) string {
	extra := utf8.RuneCountInString(s) - n
	for i := range s {
		if extra <= 0 {
			return s[i:]
		}
		extra--
	}
	return ""
}
