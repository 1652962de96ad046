package mcp

import (
	"net/http"
	"strings"
)

// challenge reads the resource_metadata and scope parameters of a
// WWW-Authenticate header.
func challenge(h http.Header) (metadata, scope string) {
	for _, v := range h.Values("WWW-Authenticate") {
		if m, ok := authParam(v, "resource_metadata"); ok {
			metadata = m
		}
		if s, ok := authParam(v, "scope"); ok {
			scope = s
		}
	}
	return metadata, scope
}

// authParam finds the auth-param name=value (RFC 9110 §11.2: a token or
// a quoted string with backslash escapes; the name in any case) in a
// challenge. Written by hand: a package-level regexp would cost every
// corvid start its compilation.
func authParam(h, name string) (string, bool) {
	lb := []byte(h) // ASCII lower case, byte for byte: the indexes must stay h's
	for k, c := range lb {
		if c >= 'A' && c <= 'Z' {
			lb[k] = c + 'a' - 'A'
		}
	}
	lower := string(lb)
	for i := 0; ; {
		j := strings.Index(lower[i:], name)
		if j < 0 {
			return "", false
		}
		j += i
		i = j + len(name)
		rest := strings.TrimLeft(h[i:], " \t")
		if j > 0 && !strings.ContainsRune(" ,\t", rune(h[j-1])) || !strings.HasPrefix(rest, "=") {
			continue
		}
		v := strings.TrimLeft(rest[1:], " \t")
		if !strings.HasPrefix(v, `"`) {
			end := strings.IndexAny(v, " ,\t")
			if end < 0 {
				end = len(v)
			}
			return v[:end], true
		}
		var b strings.Builder
		for n := 1; n < len(v); n++ {
			switch v[n] {
			case '\\':
				if n++; n < len(v) {
					b.WriteByte(v[n])
				}
			case '"':
				return b.String(), true
			default:
				b.WriteByte(v[n])
			}
		}
		return b.String(), true
	}
}
