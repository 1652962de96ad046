package patch

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompute(t *testing.T) {
	cases := []struct {
		name       string
		old, new   string
		hunks      []Hunk
		add, rmove int
	}{
		{"same", "a\nb\n", "a\nb\n", []Hunk{}, 0, 0},
		{"replace one line", "a\nb\nc\n", "a\nB\nc\n",
			[]Hunk{{OldStart: 1, OldLines: 3, NewStart: 1, NewLines: 3, Lines: []string{" a", "-b", "+B", " c"}}}, 1, 1},
		{"create", "", "x\ny\n",
			[]Hunk{{OldStart: 1, OldLines: 0, NewStart: 1, NewLines: 2, Lines: []string{"+x", "+y"}}}, 2, 0},
		{"append", "1\n2\n3\n4\n5\n", "1\n2\n3\n4\n5\n6\n",
			[]Hunk{{OldStart: 3, OldLines: 3, NewStart: 3, NewLines: 4, Lines: []string{" 3", " 4", " 5", "+6"}}}, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := Compute(tc.old, tc.new)
			if diff := cmp.Diff(tc.hunks, d.Hunks); diff != "" {
				t.Fatalf("hunks (-want +got):\n%s", diff)
			}
			if d.Added != tc.add || d.Removed != tc.rmove {
				t.Fatalf("added %d removed %d, want %d %d", d.Added, d.Removed, tc.add, tc.rmove)
			}
		})
	}
}
