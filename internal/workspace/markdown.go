package workspace

import "strings"

// fence follows a line-by-line scan of Markdown and knows whether the
// scan is inside a fenced code block (``` or ~~~).
type fence struct {
	ch byte // the fence character while a block is open, 0 outside
	n  int  // length of the opening run
}

// step consumes one line and reports whether it belongs to a fenced
// block, the opening and closing fence lines included.
func (f *fence) step(line string) bool {
	t, ok := trimIndent(line)
	if !ok {
		return f.ch != 0
	}
	ch, run := leadingRun(t)
	if f.ch == 0 {
		if run < 3 || (ch == '`' && strings.Contains(t[run:], "`")) {
			return false
		}
		f.ch, f.n = ch, run
		return true
	}
	if ch == f.ch && run >= f.n && strings.TrimSpace(t[run:]) == "" {
		f.ch, f.n = 0, 0
	}
	return true
}

// trimIndent drops up to three leading spaces; ok is false when the line
// is indented further (and so cannot open or close a fence).
func trimIndent(line string) (string, bool) {
	for i := 0; i < 4; i++ {
		if i == len(line) || line[i] != ' ' {
			return line[i:], true
		}
	}
	return line, false
}

// leadingRun returns the fence character t starts with and how many times
// it repeats; 0, 0 when t does not start with ` or ~.
func leadingRun(t string) (byte, int) {
	if t == "" || (t[0] != '`' && t[0] != '~') {
		return 0, 0
	}
	n := 1
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return t[0], n
}

// blankCodeSpans replaces every inline code span of line, backticks
// included, with spaces. An unmatched backtick run stays as it is.
func blankCodeSpans(line string) string {
	if !strings.Contains(line, "`") {
		return line
	}
	b := []byte(line)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := backtickRun(b, i)
		end := closingRun(b, i+n, n)
		if end < 0 {
			i += n
			continue
		}
		for j := i; j < end+n; j++ {
			b[j] = ' '
		}
		i = end + n
	}
	return string(b)
}

// closingRun finds, from start on, a run of exactly n backticks and
// returns its index, or -1.
func closingRun(b []byte, start, n int) int {
	for i := start; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		run := backtickRun(b, i)
		if run == n {
			return i
		}
		i += run
	}
	return -1
}

// backtickRun counts the backticks starting at b[i].
func backtickRun(b []byte, i int) int {
	n := 0
	for i+n < len(b) && b[i+n] == '`' {
		n++
	}
	return n
}

// splitFrontmatter separates a leading block fenced by "---" lines from
// the body. Without a complete block it returns "" and the whole text.
func splitFrontmatter(text string) (front, body string) {
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || strings.TrimRight(first, " \t") != "---" {
		return "", text
	}
	var lines []string
	for {
		line, after, more := strings.Cut(rest, "\n")
		if strings.TrimRight(line, " \t") == "---" {
			return strings.Join(lines, "\n"), after
		}
		if !more {
			return "", text
		}
		lines = append(lines, line)
		rest = after
	}
}

// hasPathsKey reports whether frontmatter has a top-level paths key.
func hasPathsKey(front string) bool {
	for line := range strings.SplitSeq(front, "\n") {
		if key, ok := strings.CutPrefix(line, "paths"); ok && strings.HasPrefix(strings.TrimLeft(key, " \t"), ":") {
			return true
		}
	}
	return false
}

// stripComments removes HTML comments that start a line, including
// comments spanning several lines. Text after a comment's end on its last
// line is kept; comments inside fenced code blocks and comments that never
// end are left alone.
func stripComments(text string) string {
	lines := strings.Split(text, "\n")
	out := lines[:0:0]
	var f fence
	for i := 0; i < len(lines); i++ {
		if f.step(lines[i]) {
			out = append(out, lines[i])
			continue
		}
		t, _ := trimIndent(lines[i])
		if !strings.HasPrefix(t, "<!--") {
			out = append(out, lines[i])
			continue
		}
		last, rest, ok := commentEnd(lines, i, t[len("<!--"):])
		if !ok {
			out = append(out, lines[i])
			continue
		}
		if strings.TrimSpace(rest) != "" {
			out = append(out, rest)
		}
		i = last
	}
	return strings.Join(out, "\n")
}

// commentEnd finds the "-->" closing a comment whose text after "<!--"
// on line i is first; it returns the closing line's index and the text
// after the close.
func commentEnd(lines []string, i int, first string) (last int, rest string, ok bool) {
	if _, after, found := strings.Cut(first, "-->"); found {
		return i, after, true
	}
	for j := i + 1; j < len(lines); j++ {
		if _, after, found := strings.Cut(lines[j], "-->"); found {
			return j, after, true
		}
	}
	return 0, "", false
}

// importPaths lists the @path tokens of text, in order: an @ at the
// start of a line or after whitespace, up to the next whitespace. Tokens
// inside code spans and fenced blocks do not count.
func importPaths(text string) []string {
	var out []string
	var f fence
	for line := range strings.SplitSeq(text, "\n") {
		if f.step(line) {
			continue
		}
		line = blankCodeSpans(line)
		for i := 0; i < len(line); i++ {
			if line[i] != '@' || (i > 0 && !isSpace(line[i-1])) {
				continue
			}
			j := i + 1
			for j < len(line) && !isSpace(line[j]) {
				j++
			}
			if j > i+1 {
				out = append(out, line[i+1:j])
			}
			i = j
		}
	}
	return out
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}
