package textedit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"corvid/internal/patch"
)

// TestDiffMatchesCompute checks that trimming the shared head and tail
// gives the same hunks as diffing the whole texts.
func TestDiffMatchesCompute(t *testing.T) {
	lines := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString(f(i))
		}
		return b.String()
	}
	base := lines(40, func(i int) string { return fmt.Sprintf("line %d\n", i) })
	cases := []struct{ name, old, new string }{
		{"middle", base, strings.Replace(base, "line 20\n", "changed\n", 1)},
		{"first line", base, strings.Replace(base, "line 1\n", "first\n", 1)},
		{"last line", base, strings.Replace(base, "line 40\n", "last\n", 1)},
		{"two regions", base, strings.Replace(strings.Replace(base, "line 5\n", "", 1), "line 30\n", "x\ny\n", 1)},
		{"append", base, base + "more\n"},
		{"no final newline", strings.TrimSuffix(base, "\n"), strings.TrimSuffix(base, "\n") + "!"},
		{"partial line", base, strings.Replace(base, "line 17", "line 17 and more", 1)},
		{"from empty", "", base},
		{"to empty", base, ""},
		{"crlf", strings.ReplaceAll(base, "\n", "\r\n"), strings.ReplaceAll(strings.Replace(base, "line 9\n", "nine\n", 1), "\n", "\r\n")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, got := patch.Compute(tc.old, tc.new), diff(tc.old, tc.new)
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("diff differs from patch.Compute (-want +got):\n%s", d)
			}
		})
	}
}
