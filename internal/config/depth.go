package config

// maxNesting bounds how deeply objects and arrays may nest. hujson parses
// recursively with no limit of its own, so a hostile file of a few
// megabytes of '[' would overflow the stack and kill the process; real
// settings nest a handful of levels.
const maxNesting = 256

// tooDeep reports the offset at which data first nests deeper than
// maxNesting, skipping strings and comments; -1 when it never does.
// Malformed input is left for the parser to report.
func tooDeep(data []byte) int {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			i = skipString(data, i)
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			i = skipUntil(data, i+2, "\n")
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			i = skipUntil(data, i+2, "*/")
		case c == '[' || c == '{':
			if depth++; depth > maxNesting {
				return i
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return -1
}

// skipString returns the offset of the quote closing the string opened at
// i (or the end of data).
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(data)
}

// skipUntil returns the offset of the last byte of the first end at or
// after i (or the end of data).
func skipUntil(data []byte, i int, end string) int {
	for ; i+len(end) <= len(data); i++ {
		if string(data[i:i+len(end)]) == end {
			return i + len(end) - 1
		}
	}
	return len(data)
}
