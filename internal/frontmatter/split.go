package frontmatter

import "strings"

// Split separates the header from the body. has is false when the text
// does not start with a "---" line; a header that is never closed is
// ErrUnclosed. A leading byte-order mark and CRLF line ends are accepted.
func Split(text string) (front, body string, has bool, err error) {
	text = strings.TrimPrefix(text, "\ufeff")
	first, rest, ok := strings.Cut(text, "\n")
	if strings.TrimRight(first, " \t\r") != "---" {
		return "", text, false, nil
	}
	if !ok {
		return "", "", true, ErrUnclosed
	}
	var lines []string
	for {
		line, after, more := strings.Cut(rest, "\n")
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimRight(line, " \t") == "---" {
			return strings.Join(lines, "\n"), after, true, nil
		}
		if !more {
			return "", "", true, ErrUnclosed
		}
		lines = append(lines, line)
		rest = after
	}
}
