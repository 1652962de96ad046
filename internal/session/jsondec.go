package session

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"corvid/internal/provider"
)

// decodeString decodes the JSON string starting at b[i] and returns it
// with the index just past it. Strings with invalid UTF-8 or an escape the
// fast path does not know are handed to encoding/json, so the result is
// always what json.Unmarshal would give.
func decodeString(b []byte, i int) (string, int, error) {
	if i >= len(b) || b[i] != '"' {
		return "", 0, errSyntax
	}
	end, err := skipString(b, i)
	if err != nil {
		return "", 0, err
	}
	raw := b[i+1 : end-1]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw), end, nil
	}
	if s, ok := unescape(raw); ok {
		return s, end, nil
	}
	var s string
	if err := json.Unmarshal(b[i:end], &s); err != nil {
		return "", 0, err
	}
	return s, end, nil
}

// unescape decodes the body of a JSON string. ok is false when raw holds
// invalid UTF-8 or a malformed escape.
func unescape(raw []byte) (string, bool) {
	var sb strings.Builder
	sb.Grow(len(raw))
	for len(raw) > 0 {
		k := bytes.IndexByte(raw, '\\')
		if k < 0 {
			k = len(raw)
		}
		if !utf8.Valid(raw[:k]) {
			return "", false
		}
		sb.Write(raw[:k])
		raw = raw[k:]
		if len(raw) == 0 {
			break
		}
		n, ok := unescapeOne(&sb, raw)
		if !ok {
			return "", false
		}
		raw = raw[n:]
	}
	return sb.String(), true
}

// unescapeOne writes the escape at the start of raw and returns its length.
func unescapeOne(sb *strings.Builder, raw []byte) (int, bool) {
	if len(raw) < 2 {
		return 0, false
	}
	switch c := raw[1]; c {
	case '"', '\\', '/':
		sb.WriteByte(c)
	case 'b':
		sb.WriteByte('\b')
	case 'f':
		sb.WriteByte('\f')
	case 'n':
		sb.WriteByte('\n')
	case 'r':
		sb.WriteByte('\r')
	case 't':
		sb.WriteByte('\t')
	case 'u':
		r, ok := hex4(raw[2:])
		if !ok {
			return 0, false
		}
		if !utf16.IsSurrogate(r) {
			sb.WriteRune(r)
			return 6, true
		}
		// A surrogate pair is two escapes; a lone half becomes U+FFFD, as
		// encoding/json does.
		if len(raw) >= 12 && raw[6] == '\\' && raw[7] == 'u' {
			if r2, ok := hex4(raw[8:]); ok {
				if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
					sb.WriteRune(d)
					return 12, true
				}
			}
		}
		sb.WriteRune(unicode.ReplacementChar)
		return 6, true
	default:
		return 0, false
	}
	return 2, true
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// decodedMsg is the part of an entry's "message" the loader needs.
type decodedMsg struct {
	id, model string
	blocks    []provider.Block
}

// decodeMessage decodes a whole "message" value.
func decodeMessage(b []byte) (decodedMsg, error) {
	var m decodedMsg
	end, err := eachField(b, 0, func(key []byte, at int) (int, error) {
		var e int
		var err error
		switch string(key) {
		case "id":
			m.id, e, err = decodeString(b, at)
		case "model":
			m.model, e, err = decodeString(b, at)
		case "content":
			m.blocks, e, err = decodeContent(b, at)
		default:
			e, err = skipValue(b, at)
		}
		return e, err
	})
	if err != nil {
		return m, err
	}
	if skipWS(b, end) != len(b) {
		return m, errSyntax
	}
	return m, nil
}

// decodeContent decodes a content value: a string (one text block, none
// when empty), an array of blocks, or null.
func decodeContent(b []byte, at int) ([]provider.Block, int, error) {
	switch {
	case at < len(b) && b[at] == '"':
		s, e, err := decodeString(b, at)
		if err != nil || s == "" {
			return nil, e, err
		}
		return []provider.Block{provider.TextBlock(s)}, e, nil
	case at < len(b) && b[at] == '[':
		out := make([]provider.Block, 0, 1)
		e, err := eachElement(b, at, func(i int) (int, error) {
			blk, e, err := decodeBlock(b, i)
			out = append(out, blk)
			return e, err
		})
		return out, e, err
	case bytes.HasPrefix(b[at:], []byte("null")):
		return nil, at + 4, nil
	}
	return nil, 0, errSyntax
}
