package textedit

import (
	"strings"

	"corvid/internal/patch"
)

// diffContext is how many unchanged lines patch.Compute keeps around a
// change; trimming keeps that many of the shared head and tail.
const diffContext = 3

// diff is patch.Compute on the part of the texts that differs plus its
// context, so a small edit to a large file costs little; hunk line
// numbers are shifted back to whole-file numbers.
func diff(old, new string) patch.Diff {
	start, lines := sharedHead(old, new)
	old, new = old[start:], new[start:]
	end := sharedTail(old, new)
	d := patch.Compute(old[:len(old)-end], new[:len(new)-end])
	for i := range d.Hunks {
		d.Hunks[i].OldStart += lines
		d.Hunks[i].NewStart += lines
	}
	return d
}

// sharedHead returns the byte length and line count of the whole lines
// both texts begin with, less the last diffContext of them.
func sharedHead(old, new string) (int, int) {
	n := commonPrefix(old, new)
	cut := strings.LastIndexByte(old[:n], '\n') + 1
	lines := strings.Count(old[:cut], "\n")
	for i := 0; i < diffContext && cut > 0; i++ {
		cut = strings.LastIndexByte(old[:cut-1], '\n') + 1
		lines--
	}
	return cut, lines
}

// sharedTail returns the byte length of the whole lines both texts end
// with, less the first diffContext of them (0 when there are not that
// many).
func sharedTail(old, new string) int {
	s := old[len(old)-commonSuffix(old, new):]
	for i := 0; i <= diffContext; i++ {
		j := strings.IndexByte(s, '\n')
		if j < 0 {
			return 0
		}
		s = s[j+1:]
	}
	return len(s)
}

// block is the stride of the prefix and suffix scans: whole blocks are
// compared with ==, which is vectorised.
const block = 512

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+block <= n && a[i:i+block] == b[i:i+block] {
		i += block
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i+block <= n && a[len(a)-i-block:len(a)-i] == b[len(b)-i-block:len(b)-i] {
		i += block
	}
	for i < n && a[len(a)-i-1] == b[len(b)-i-1] {
		i++
	}
	return i
}
