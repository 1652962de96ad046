package mcpattach

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"corvid/internal/mcp"
)

// maxMentions caps the resources one prompt may attach.
const maxMentions = 10

// Mention is one @server:uri of a prompt.
type Mention struct {
	Server string
	URI    string
}

// Mentions finds the @server:uri mentions of text: an @ at the start,
// after a blank or after CJK punctuation, then a server name, a colon and the resource's URI up to
// the next blank (or, written @"server:uri", up to the closing quote),
// without trailing punctuation. known says whether a server is
// configured; for another name the URI must look like scheme://…, so
// that @file.go:12 or an address is not taken for one. At most
// maxMentions, each once.
func Mentions(text string, known func(string) bool) []Mention {
	var out []Mention
	for i := 0; i < len(text) && len(out) < maxMentions; i++ {
		at := strings.IndexByte(text[i:], '@')
		if at < 0 {
			break
		}
		if i += at; !atWordStart(text, i) {
			continue
		}
		word, end := mentionWord(text[i+1:])
		m, ok := parseMention(word, known)
		i += end
		if ok && !containsMention(out, m) {
			out = append(out, m)
		}
	}
	return out
}

func atWordStart(text string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return unicode.IsSpace(r) || strings.ContainsRune("。、？！", r) // as Claude Code: CJK punctuation too
}

// mentionWord is the mention's text after the @ and how far it reaches.
func mentionWord(s string) (string, int) {
	if rest, ok := strings.CutPrefix(s, `"`); ok {
		if j := strings.IndexByte(rest, '"'); j >= 0 {
			return rest[:j], j + 2
		}
		return "", 0
	}
	end := strings.IndexFunc(s, unicode.IsSpace)
	if end < 0 {
		end = len(s)
	}
	return strings.TrimRight(s[:end], ".,:;!?)]}\"'`"), end
}

func parseMention(word string, known func(string) bool) (Mention, bool) {
	server, uri, ok := strings.Cut(word, ":")
	if !ok || uri == "" || mcp.ValidName(server) != nil {
		return Mention{}, false
	}
	if known == nil || !known(server) {
		scheme, _, found := strings.Cut(uri, "://")
		if !found || !validScheme(scheme) {
			return Mention{}, false
		}
	}
	return Mention{Server: server, URI: uri}, true
}

// validScheme checks a URI scheme: a letter, then letters, digits, + - .
func validScheme(s string) bool {
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || strings.ContainsRune("+-.", r))) {
			return false
		}
	}
	return s != ""
}

func containsMention(ms []Mention, m Mention) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
