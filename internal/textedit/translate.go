package textedit

import "strings"

// translate is translateLine, with the indentation of a line that fix
// re-indents handled apart: the file's own when the line keeps old's, else
// new's re-indented.
func translate(f, o, n string, fix *indentFix, keepTail bool) (out, mid, before string) {
	if fix == nil {
		return translateLine(f, o, n, keepTail)
	}
	fi, fc := splitIndent(f)
	oi, oc := splitIndent(o)
	ni, nc := splitIndent(n)
	ind := fi
	if ni != oi {
		ind = fix.indent(ni)
	}
	out, mid, before = translateLine(fc, oc, nc, keepTail)
	return ind + out, mid, ind + before
}

// translateLine writes the change from old line o to new line n onto
// file line f, which o matched in normal form: the parts n shares with o
// (its longest common prefix and suffix) are written as f has them, the
// rest as n has it. It also returns that rest and the text before it.
// Trailing blanks of f stay when the end of the line is kept, or always
// with keepTail.
func translateLine(f, o, n string, keepTail bool) (out, mid, before string) {
	if strings.TrimSpace(o) == "" {
		return n, n, "" // a blank line shares nothing worth keeping
	}
	ft := strings.TrimRight(f, " \t")
	tail := f[len(ft):]
	uo, uf := normalize(o, true), normalize(ft, true)
	p := commonPrefix(o, n)
	fp, ok := mapOffset(uo, uf, p)
	for ; !ok; fp, ok = mapOffset(uo, uf, p) {
		p--
	}
	s := commonSuffix(o[p:], n[p:])
	fs, ok := mapOffset(uo, uf, len(o)-s)
	for ; !ok; fs, ok = mapOffset(uo, uf, len(o)-s) {
		s--
	}
	mid = n[p : len(n)-s]
	out = ft[:fp] + mid + ft[fs:]
	if s > 0 || keepTail {
		out += tail
	}
	return out, mid, ft[:fp]
}

// mapOffset maps offset x of the old line to the file line through their
// shared normal form; ok is false when x is not a boundary in both.
func mapOffset(uo, uf folded, x int) (int, bool) {
	if x == 0 {
		return 0, true
	}
	nx, ok := uo.norm(x)
	if !ok {
		return 0, false
	}
	return uf.orig(nx, true)
}
