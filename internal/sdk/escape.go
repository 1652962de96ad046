package sdk

import "bytes"

// unescapeHTML turns the \u003c, \u003e and \u0026 escapes that
// encoding/json writes for <, > and & back into the characters, as
// Claude Code's JSON.stringify output has them. Nested json.Marshalers
// (content blocks) escape regardless of the encoder's SetEscapeHTML, so
// this runs over the finished line. Other escapes, including an escaped
// backslash followed by "u003c", are copied unchanged.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			out = append(out, b[i])
			continue
		}
		if c, ok := htmlEscape(b[i:]); ok {
			out = append(out, c)
			i += len(`\u003c`) - 1
			continue
		}
		out = append(out, b[i], b[i+1]) // any other escape, kept whole
		i++
	}
	return out
}

// htmlEscape reports whether b starts with one of the three HTML escapes.
func htmlEscape(b []byte) (byte, bool) {
	switch {
	case bytes.HasPrefix(b, []byte(`\u003c`)):
		return '<', true
	case bytes.HasPrefix(b, []byte(`\u003e`)):
		return '>', true
	case bytes.HasPrefix(b, []byte(`\u0026`)):
		return '&', true
	}
	return 0, false
}
