package notebookedit

import (
	"encoding/json"
	"strings"
)

// sourceValue is s as a cell source: a list of lines each keeping its
// "\n" (Jupyter's on-disk form) or one string.
func sourceValue(s string, asList bool) any {
	if !asList {
		return s
	}
	lines := []string{}
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// sourceText reads a source written either way.
func sourceText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	_ = json.Unmarshal(raw, &lines) // neither form: ""
	return strings.Join(lines, "")
}

// isList reports whether a source value is a list of strings.
func isList(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '[' }
