package subagent

import (
	"strconv"
	"strings"
)

// frontmatter is the parsed header of a definition file: scalar values
// and lists, by key. It understands the YAML agent files use: `key:
// value`, quoted values, `key: [a, b]`, `key:` followed by `- item`
// lines, block scalars (`key: |` or `>`, then indented lines) and nested
// blocks (indented `sub: value` lines under `key:`, kept but unused:
// hooks, mcpServers). Anything else is an error naming the line.
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
	for i := 0; i < len(lines); i++ {
		line, n := lines[i], first+i
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		bad := func(msg string) (frontmatter, error) {
			return fm, &DefinitionError{Source: source, Line: n, Msg: msg}
		}
		if line[0] == ' ' || line[0] == '\t' || strings.HasPrefix(trimmed, "-") {
			return bad("unexpected line outside a key's block: " + trimmed)
		}
		key, value, ok := strings.Cut(trimmed, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || strings.ContainsAny(key, " \t\"'") {
			return bad("want `key: value`, got " + trimmed)
		}
		if _, dup := fm.scalars[key]; dup {
			return bad("duplicate key " + key)
		}
		if _, dup := fm.lists[key]; dup {
			return bad("duplicate key " + key)
		}
		block := indented(lines[i+1:])
		i += len(block)
		switch {
		case value == "|" || value == "|-" || value == ">" || value == ">-":
			fm.scalars[key] = blockScalar(block, value[0] == '>')
		case value == "" && len(block) > 0 && isList(block):
			for _, item := range block {
				if item = strings.TrimSpace(item); item != "" {
					fm.lists[key] = append(fm.lists[key], unquote(strings.TrimSpace(strings.TrimPrefix(item, "-"))))
				}
			}
		case value == "":
			fm.scalars[key] = "" // empty, or a nested block corvid does not use
		case len(block) > 0:
			return bad("unexpected indented lines after " + key + ": " + strings.TrimSpace(block[0]))
		case strings.HasPrefix(value, "["):
			if !strings.HasSuffix(value, "]") {
				return bad("unclosed list for " + key)
			}
			fm.lists[key] = splitList(value[1 : len(value)-1])
		default:
			fm.scalars[key] = unquote(value)
		}
	}
	return fm, nil
}

// indented returns the lines at the start of rest that belong to the key
// above: indented ones, list items and blank lines between them.
func indented(rest []string) []string {
	n := 0
	for i, l := range rest {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			continue
		case l[0] == ' ' || l[0] == '\t' || strings.HasPrefix(t, "- ") || t == "-":
			n = i + 1
		default:
			return rest[:n]
		}
	}
	return rest[:n]
}

func isList(block []string) bool {
	for _, l := range block {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "-") {
			return false
		}
	}
	return true
}

// blockScalar joins a block scalar's lines: kept as lines (|) or folded
// into one (>).
func blockScalar(block []string, folded bool) string {
	var parts []string
	for _, l := range block {
		parts = append(parts, strings.TrimSpace(l))
	}
	sep := "\n"
	if folded {
		sep = " "
	}
	return strings.TrimSpace(strings.Join(parts, sep))
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

// unquote removes YAML quotes; double quotes take backslash escapes.
func unquote(s string) string {
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') || s[len(s)-1] != s[0] {
		return s
	}
	if s[0] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
}
