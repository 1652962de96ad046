package session

import (
	"bytes"
	"errors"
)

// The loader reads JSON with a small hand-written scanner rather than
// encoding/json: a first pass only needs a few envelope fields of every
// line, and the messages of the live chain are decoded straight into
// provider blocks. Most of a transcript's bytes sit inside long strings
// (tool output), which the scanner crosses with bytes.IndexByte.

var errSyntax = errors.New("session: malformed JSON")

// skipWS returns the index of the first non-space byte at or after i.
func skipWS(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index just past the string starting at b[i]
// (which is '"').
func skipString(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, errSyntax
		}
		q := j + k
		n := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1, nil
		}
		j = q + 1
	}
}

// skipValue returns the index just past the JSON value starting at b[i].
// Nested values are crossed by bracket depth; their inner syntax is only
// checked when they are decoded.
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errSyntax
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		return skipNested(b, i)
	}
	j := i
	for j < len(b) && isScalarByte(b[j]) {
		j++
	}
	if j == i {
		return 0, errSyntax
	}
	return j, nil
}

func isScalarByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'E'
}

func skipNested(b []byte, i int) (int, error) {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			end, err := skipString(b, j)
			if err != nil {
				return 0, err
			}
			j = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, errSyntax
}

// eachField walks the object starting at b[i], calling fn with each key
// (raw, without quotes) and the index of its value; fn returns the index
// just past the value. eachField returns the index just past the object.
func eachField(b []byte, i int, fn func(key []byte, at int) (int, error)) (int, error) {
	i = skipWS(b, i)
	if i >= len(b) || b[i] != '{' {
		return 0, errSyntax
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return 0, errSyntax
		}
		kend, err := skipString(b, i)
		if err != nil {
			return 0, err
		}
		key := b[i+1 : kend-1]
		i = skipWS(b, kend)
		if i >= len(b) || b[i] != ':' {
			return 0, errSyntax
		}
		if i, err = fn(key, skipWS(b, i+1)); err != nil {
			return 0, err
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return 0, errSyntax
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return 0, errSyntax
		}
	}
}

// eachElement walks the array starting at b[i], calling fn with the index
// of each element; fn returns the index just past it.
func eachElement(b []byte, i int, fn func(at int) (int, error)) (int, error) {
	if i >= len(b) || b[i] != '[' {
		return 0, errSyntax
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		var err error
		if i, err = fn(i); err != nil {
			return 0, err
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return 0, errSyntax
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return 0, errSyntax
		}
	}
}
