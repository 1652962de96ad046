package textedit

import "testing"

func TestNormaliseMapsBack(t *testing.T) {
	cases := []struct {
		src, norm string
		mode      Norm
	}{
		{"a “b” c", `a "b" c`, NormQuotes},
		{"a  \nb\t\r\nc  ", "a\nb\nc", NormSpace},
		{"‘x’  \n  y", "'x'\n  y", NormQuotes | NormSpace},
		{"““\n", "\"\"\n", NormQuotes},
		{"   \n\n", "\n\n", NormSpace},
	}
	for _, tc := range cases {
		m := normalise(tc.src, tc.mode, true)
		if m.s != tc.norm {
			t.Fatalf("normalise(%q) = %q, want %q", tc.src, m.s, tc.norm)
		}
		// Every normalised byte maps to the original character it came from.
		for x := 0; x < len(m.s); x++ {
			o, end := m.orig(x), m.origEnd(tc.src, x+1)
			got := tc.src[o:end]
			if q, ok := straightAt(got, 0); ok && q == m.s[x] {
				continue
			}
			if got != m.s[x:x+1] {
				t.Fatalf("%q: byte %d (%q) maps to %q", tc.src, x, m.s[x], got)
			}
		}
	}
}

func TestRestyle(t *testing.T) {
	cases := []struct{ repl, span, want string }{
		{`"a" 'b' don't`, "“x”", "“a” 'b' don't"},
		{`"a" 'b' don't`, "‘x’", `"a" ‘b’ don’t`},
		{`("a")`, "“x”", "(“a”)"},
		{"“a” ‘b’", `"x" 'y'`, `"a" 'b'`},
		{`"a"`, "“x” \"y\"", `"a"`}, // mixed: left alone
		{`"a"`, "plain", `"a"`},
	}
	for _, tc := range cases {
		if got := restyle(tc.repl, tc.span); got != tc.want {
			t.Errorf("restyle(%q, %q) = %q, want %q", tc.repl, tc.span, got, tc.want)
		}
	}
}
