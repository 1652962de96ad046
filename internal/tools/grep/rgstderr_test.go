package grep

import (
	"strings"
	"testing"
)

// rgStderr picks skipped files out of rg's stderr however it is split
// into writes, and keeps the rest as the error text.
func TestRgStderr(t *testing.T) {
	text := "DEBUG|rg::args|crates/core/args.rs:527: not reading config files\n" +
		"DEBUG|ignore::walk|/x/walk.rs:1728: ignoring ./big: odd.txt: 20971520 bytes\n" +
		"DEBUG|rg::subject|x.rs:74: " + strings.Repeat("m", 2*maxStderrLine) + "\n" +
		"/abs/locked.txt: Permission denied (os error 13)\n" +
		"rg: sub/dir: Input/output error (os error 5)\n" +
		"rg: regex parse error:\n    (a\n    ^\nerror: unclosed group"
	want := "[Not searched: 1 file larger than 10 MB (/w/big: odd.txt); 2 files that could not be read " +
		"(/abs/locked.txt: permission denied, /w/sub/dir: input/output error).]"
	for _, size := range []int{1, 7, 4096, len(text)} {
		c := &collector{}
		s := newRgStderr("/w", c)
		for rest := text; rest != ""; {
			n := min(size, len(rest))
			if _, err := s.Write([]byte(rest[:n])); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		s.close()
		if got := skipNote(c.results().skipped, ""); got != want {
			t.Errorf("writes of %d: note %q", size, got)
		}
		if got := s.String(); got != "rg: regex parse error:\n    (a\n    ^\nerror: unclosed group\n" {
			t.Errorf("writes of %d: rest %q", size, got)
		}
	}
}
