package subagent

import (
	"strings"
)

// frontmatter is the parsed header of a definition file: scalar values
// and lists, by key. It understands the part of YAML agent files use:
// `key: value`, quoted values, `key: [a, b]` and `key:` followed by
// `- item` lines. Anything else is an error naming the line.
type frontmatter struct {
	scalars map[string]string
	lists   map[string][]string
}

// splitFile separates the frontmatter block (between two "---" lines at
// the top) from the body. ok is false when the file opens a block that
// never closes; a file without a block has no frontmatter.
func splitFile(text string) (front []string, body string, firstLine int, ok bool) {
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return nil, text, 0, true
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			return lines[1:i], strings.Join(lines[i+1:], "\n"), 2, true
		}
	}
	return nil, "", 0, false
}

// parseFrontmatter reads the block's lines; first is the file line of
// lines[0], for messages.
func parseFrontmatter(lines []string, first int, source string) (frontmatter, error) {
	fm := frontmatter{scalars: map[string]string{}, lists: map[string][]string{}}
	open := "" // the key whose "- item" lines are being read
	for i, line := range lines {
		n := first + i
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if item, ok := strings.CutPrefix(trimmed, "- "); ok || trimmed == "-" {
			if open == "" {
				return fm, &DefinitionError{Source: source, Line: n, Msg: "list item outside a list: " + trimmed}
			}
			fm.lists[open] = append(fm.lists[open], unquote(strings.TrimSpace(item)))
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return fm, &DefinitionError{Source: source, Line: n, Msg: "unexpected indented line: " + trimmed}
		}
		key, value, ok := strings.Cut(trimmed, ":")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t\"'") {
			return fm, &DefinitionError{Source: source, Line: n, Msg: "want `key: value`, got " + trimmed}
		}
		if _, dup := fm.scalars[key]; dup {
			return fm, &DefinitionError{Source: source, Line: n, Msg: "duplicate key " + key}
		}
		value, open = strings.TrimSpace(value), ""
		switch {
		case value == "":
			open = key
			fm.lists[key] = nil
		case strings.HasPrefix(value, "["):
			if !strings.HasSuffix(value, "]") {
				return fm, &DefinitionError{Source: source, Line: n, Msg: "unclosed list for " + key}
			}
			fm.lists[key] = splitList(value[1 : len(value)-1])
		default:
			fm.scalars[key] = unquote(value)
		}
	}
	return fm, nil
}

// list returns a key's value as a list: a YAML list, or a comma list.
func (fm frontmatter) list(key string) ([]string, bool) {
	if l, ok := fm.lists[key]; ok {
		return l, true
	}
	if s, ok := fm.scalars[key]; ok {
		return splitList(s), true
	}
	return nil, false
}

func splitList(s string) []string {
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		if p := unquote(strings.TrimSpace(part)); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
