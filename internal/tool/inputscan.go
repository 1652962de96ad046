package tool

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// inputStringFast is InputString without decoding every field: one
// check that the input is valid JSON, then a walk over the top-level
// object's keys. ok is false when the walk cannot answer as decoding
// would (a key with an escape, an escape in the value): the caller
// decodes then. Like decoding into a map, the last of repeated keys
// wins.
func inputStringFast(input json.RawMessage, key string) (s string, ok bool) {
	if !json.Valid(input) {
		return "", true // decoding fails: no fields
	}
	in := skipSpace(input)
	if len(in) == 0 || in[0] != '{' {
		return "", true // null or not an object: no fields
	}
	var val []byte
	in = skipSpace(in[1:])
	for len(in) > 0 && in[0] == '"' {
		end := stringEnd(in)
		name := in[1 : end-1]
		if bytes.IndexByte(name, '\\') >= 0 {
			return "", false
		}
		in = skipSpace(in[end:])[1:] // the colon
		in = skipSpace(in)
		n := valueEnd(in)
		if string(name) == key {
			val = in[:n]
		}
		in = skipSpace(in[n:])
		if len(in) > 0 && in[0] == ',' {
			in = skipSpace(in[1:])
		}
	}
	switch {
	case len(val) == 0 || val[0] != '"':
		return "", true // absent, or not a string
	case bytes.IndexByte(val, '\\') >= 0 || !utf8.Valid(val):
		return "", false // unquoting needed
	}
	return string(val[1 : len(val)-1]), true
}

// skipSpace drops JSON white space.
func skipSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

// stringEnd returns the length of the valid JSON string b starts with,
// quotes included.
func stringEnd(b []byte) int {
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// valueEnd returns the length of the valid JSON value b starts with.
func valueEnd(b []byte) int {
	if b[0] == '"' {
		return stringEnd(b)
	}
	depth := 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			i += stringEnd(b[i:]) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
	}
	return len(b)
}
