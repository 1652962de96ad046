package providertest

import (
	"bytes"
	"iter"
)

// A small scanner that splits JSON the server has already validated into
// object members and array elements without decoding them: the cache
// model reads every block of every request, and encoding/json would
// re-validate each nested level it is handed. On malformed input the
// scanner stops early rather than failing; it never reads out of range.

// members yields the raw key (quoted, as sent) and raw value of each
// member of the object obj; nothing when obj is not an object.
func members(obj []byte) iter.Seq2[[]byte, []byte] {
	return func(yield func(key, value []byte) bool) {
		i := skipSpace(obj, 0)
		if i >= len(obj) || obj[i] != '{' {
			return
		}
		for i = skipSpace(obj, i+1); i < len(obj) && obj[i] == '"'; {
			kEnd := skipString(obj, i)
			v := skipSpace(obj, kEnd)
			if v >= len(obj) || obj[v] != ':' {
				return
			}
			v = skipSpace(obj, v+1)
			vEnd := skipValue(obj, v)
			if vEnd == v || !yield(obj[i:kEnd], obj[v:vEnd]) {
				return
			}
			i = skipSpace(obj, vEnd)
			if i < len(obj) && obj[i] == ',' {
				i = skipSpace(obj, i+1)
			}
		}
	}
}

// elements yields each raw element of the array arr; nothing when arr is
// not an array.
func elements(arr []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		i := skipSpace(arr, 0)
		if i >= len(arr) || arr[i] != '[' {
			return
		}
		for i = skipSpace(arr, i+1); i < len(arr) && arr[i] != ']'; {
			end := skipValue(arr, i)
			if end == i || !yield(arr[i:end]) {
				return
			}
			i = skipSpace(arr, end)
			if i < len(arr) && arr[i] == ',' {
				i = skipSpace(arr, i+1)
			}
		}
	}
}

// skipValue is the index just past the value starting at data[i].
func skipValue(data []byte, i int) int {
	if i >= len(data) {
		return i
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = skipString(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(data)
	}
	for i < len(data) && !isDelim(data[i]) { // number, true, false, null
		i++
	}
	return i
}

// skipString is the index just past the string whose quote is data[i]. A
// quote ends it unless an odd run of backslashes escapes it.
func skipString(data []byte, i int) int {
	start := i
	for i++; i < len(data); i++ {
		j := bytes.IndexByte(data[i:], '"')
		if j < 0 {
			break
		}
		i += j
		k := i - 1
		for k > start && data[k] == '\\' {
			k--
		}
		if (i-1-k)%2 == 0 {
			return i + 1
		}
	}
	return len(data)
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDelim(c byte) bool { return c == ',' || c == '}' || c == ']' || isSpace(c) }
