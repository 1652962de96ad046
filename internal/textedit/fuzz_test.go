package textedit

import (
	"fmt"
	"strings"
	"testing"
)

// The words files are built from in FuzzTolerant: code and prose with the
// characters the tolerant matchers fold.
var fuzzWords = []string{"alpha", "beta", "x", "if", "return", "(", ")", "{", "}", " ", " ",
	"—", "“", "”", "’", "…", "-", `"`, "\\n", "\u00a0", "é", "e\u0301", "12\t"}

// fuzzFile builds the lines of a file from data: each line an indentation
// (all tabs or all spaces in one file), words, and maybe trailing blanks.
func fuzzFile(data []byte, tabs bool) []string {
	var lines []string
	for len(data) > 0 && len(lines) < 40 {
		n := int(data[0]) % 6
		data = data[1:]
		unit := "  "
		if tabs {
			unit = "\t"
		}
		l := strings.Repeat(unit, int(n%4))
		for len(data) > 0 && data[0]%9 != 0 {
			l += fuzzWords[int(data[0])%len(fuzzWords)]
			data = data[1:]
		}
		if len(data) > 0 {
			if data[0]%2 == 1 {
				l += "  "
			}
			data = data[1:]
		}
		lines = append(lines, l)
	}
	return lines
}

// habit is how a model mistypes old_string and new_string alike.
type habit func(s string, first int) string

var habits = []habit{
	func(s string, _ int) string { return s }, // exact
	func(s string, _ int) string { // indented two more columns
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = "  " + l
		}
		return strings.Join(lines, "\n")
	},
	func(s string, _ int) string { // typed on a plain keyboard
		return strings.NewReplacer("—", "-", "“", `"`, "”", `"`, "’", "'", "…", "...", "\u00a0", " ").Replace(s)
	},
	func(s string, _ int) string { // trailing blanks lost
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " \t")
		}
		return strings.Join(lines, "\n")
	},
	func(s string, first int) string { // copied from Read's output
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = fmt.Sprintf("%6d\t%s", first+i, l)
		}
		return strings.Join(lines, "\n")
	},
	func(s string, _ int) string { return "\n" + s + "\n" }, // extra line breaks
	func(s string, _ int) string { // escaped once more
		return strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`).Replace(s)
	},
}

// FuzzTolerant: a model changes (or inserts after) line k of lines
// [i, j) of a file, typing old_string and new_string with one habit. The
// edit must either leave the file exactly as the model meant it or be
// refused; it never changes anything else.
func FuzzTolerant(f *testing.F) {
	f.Add([]byte("\x01\x02\x03\x0b\x00\x02\x04\x0c\x01\x00\x03\x05\x11\x00"), uint8(0), uint8(1), uint8(1), uint8(1), false)
	f.Add([]byte("\x02\x0b\x0c\x0d\x01\x00\x01\x04\x05\x00\x02\x0f\x10\x01"), uint8(1), uint8(2), uint8(1), uint8(2), true)
	f.Add([]byte("\x03\x01\x14\x15\x00\x00\x01\x02\x00\x01"), uint8(0), uint8(1), uint8(0), uint8(4), false)
	f.Add([]byte("\x01\x01\x02\x00\x01\x01\x02\x00\x01\x03\x04\x01"), uint8(1), uint8(1), uint8(0), uint8(6), false)
	f.Fuzz(func(t *testing.T, data []byte, i0, n0, k0, h0 uint8, tabs bool) {
		lines := fuzzFile(data, tabs)
		if len(lines) == 0 {
			return
		}
		i := int(i0) % len(lines)
		j := i + 1 + int(n0)%min(4, len(lines)-i)
		k := i + int(k0>>1)%(j-i)
		insert := k0%2 == 1
		if strings.TrimSpace(lines[k]) == "" {
			return // a blank line's indentation says nothing about new text's
		}
		meant := append([]string(nil), lines...)
		ind, _ := splitIndent(lines[k])
		if insert {
			meant = append(meant[:k+1], append([]string{ind + "inserted;"}, meant[k+1:]...)...)
		} else {
			meant[k] = ind + "changed;"
		}
		old := strings.Join(lines[i:j], "\n")
		if strings.TrimSpace(old) == "" || strings.TrimSpace(lines[i]) == "" || strings.TrimSpace(lines[j-1]) == "" {
			return // blank lines name no place; at the ends they blur where old_string begins
		}
		new := strings.Join(meant[i:j+len(meant)-len(lines)], "\n")
		h := habits[int(h0)%len(habits)]
		if int(h0)%len(habits) == 3 && k == j-1 && !insert {
			// Blanks after the end of old_string are outside it: a changed
			// last line keeps them.
			meant[k] += lines[k][len(strings.TrimRight(lines[k], " \t")):]
		}
		text := strings.Join(lines, "\n") + "\n"
		e := Edit{Old: h(old, i+1), New: h(new, i+1)}
		if e.Old == e.New || e.Old == "" || (e.Old == old && e.New != new) {
			return // no edit, or a habit that touched new_string alone: a deliberate change
		}
		if e.Old != old && strings.Contains(text, e.Old) {
			return // an exact match elsewhere: literal, not tolerant
		}
		got, _, err := Apply(text, []Edit{e})
		if err != nil {
			return // refusing is always allowed
		}
		if want := strings.Join(meant, "\n") + "\n"; got != want {
			t.Fatalf("habit %d: edit %q -> %q on\n%q\ngave\n%q\nwant\n%q", int(h0)%len(habits), e.Old, e.New, text, got, want)
		}
	})
}
