package textedit

import (
	"fmt"
	"strings"
	"testing"
)

// blockText is bigText with a tab-indented block, typographic characters
// and a trailing blank in place of the marker line (line 100001).
func blockText(size int) string {
	block := "\tif ready {\n\t\treturn “fine” — ok…  \n\t}\n"
	return strings.Replace(bigText(size), "MARKER_A\n", block, 1)
}

// BenchmarkTolerant10MB is matching and replacing through each tolerant
// matcher on a 10 MB text: the cost to compare with BenchmarkApply10MB
// (the exact path).
func BenchmarkTolerant10MB(b *testing.B) {
	text := blockText(10 << 20)
	cases := []struct {
		name string
		e    Edit
		norm Norm
	}{
		{"indentation", Edit{Old: "if ready {\n    return “fine” — ok…\n}", New: "if ready {\n    return “good” — ok…\n}"},
			NormIndent},
		{"unicode", Edit{Old: `return "fine" - ok...`, New: `return "good" - ok...`}, NormQuotes | NormUnicode},
		{"line numbers", Edit{Old: fmt.Sprintf("%6d\t\tif ready {\n%6d\t\t\treturn “fine” — ok…  ", 100001, 100002),
			New: "\tif ready {\n\t\treturn “good” — ok…  "}, NormLineNumbers},
		{"trailing blanks", Edit{Old: "return “fine” — ok…\n\t}", New: "return “good” — ok…\n\t}"}, NormSpace},
		{"escaped", Edit{Old: `\tif ready {\n\t\treturn “fine”`, New: `\tif ready {\n\t\treturn “good”`}, NormEscapes},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				out, a, err := Apply(text, []Edit{tc.e})
				if err != nil || a[0].Norm&tc.norm == 0 || !strings.Contains(out, "“good”") {
					b.Fatalf("%v %v", a, err)
				}
			}
		})
	}
}

// BenchmarkExactBlock10MB is the exact path on the same text.
func BenchmarkExactBlock10MB(b *testing.B) {
	text := blockText(10 << 20)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Apply(text, []Edit{{Old: "return “fine”", New: "return “good”"}}); err != nil {
			b.Fatal(err)
		}
	}
}
