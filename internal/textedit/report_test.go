package textedit

import (
	"strings"
	"testing"
)

func TestTextSnippet(t *testing.T) {
	many := strings.Repeat("x\nfiller\nfiller\nfiller\nfiller\nfiller\nfiller\nfiller\n", 30)
	long := strings.Repeat("é", 1500) + "\n"
	cases := []struct {
		name      string
		old, new  string
		contains  []string
		lacks     []string
		maxLength int
	}{
		{name: "no final newline", old: "a\nb", new: "a\nc",
			contains: []string{"1\ta\n2\tc"}, lacks: []string{"No newline"}},
		{name: "capped", old: many, new: strings.ReplaceAll(many, "x", "y"),
			contains: []string{"\n...\n", "snippet cut here"}, maxLength: 2000},
		{name: "long line", old: "a\n" + long, new: "b\n" + long,
			contains: []string{"… (line truncated)"}, maxLength: 2200},
		{name: "emptied", old: "a\n", new: "", contains: []string{"(the file is now empty)"}},
		{name: "crlf shown without \\r", old: "a\r\nb\r\n", new: "a\r\nc\r\n", lacks: []string{"\r"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := Outcome{Path: "/f", Original: tc.old, Updated: tc.new, Applied: []Applied{{Count: 1}},
				Diff: diff(tc.old, tc.new)}
			got := o.Text()
			for _, s := range tc.contains {
				if !strings.Contains(got, s) {
					t.Errorf("text lacks %q:\n%s", s, got)
				}
			}
			for _, s := range tc.lacks {
				if strings.Contains(got, s) {
					t.Errorf("text has %q:\n%s", s, got)
				}
			}
			if tc.maxLength > 0 && len(got) > tc.maxLength {
				t.Errorf("text is %d bytes, want at most %d", len(got), tc.maxLength)
			}
		})
	}
}

func TestSummary(t *testing.T) {
	cases := []struct {
		applied []Applied
		want    string
	}{
		{[]Applied{{Count: 1}}, ""},
		{[]Applied{{Count: 1, All: true}}, "\nReplaced 1 occurrence."},
		{[]Applied{{Count: 4, All: true}}, "\nReplaced 4 occurrences."},
		{[]Applied{{Count: 1}, {Count: 3, All: true}}, "\nApplied 2 edits. Edit 2 replaced 3 occurrences."},
	}
	for i, tc := range cases {
		if got := summary(tc.applied); got != tc.want {
			t.Errorf("%d: summary = %q, want %q", i, got, tc.want)
		}
	}
}
