package termmd

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func sample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sample.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (rerun with -update to accept):\n%s", name, got)
	}
}

// The whole sample, as a NO_COLOR terminal and a colour one see it at 60
// columns (the colour golden is stored with its escape sequences).
func TestRenderGolden(t *testing.T) {
	src := sample(t)
	golden(t, "sample.ascii", Render(src, Options{Width: 60}))
	golden(t, "sample.color", Render(src, Options{Width: 60, Color: true}))
}

// No line is wider than the terminal, at any width, except code lines
// (kept whole, for copying), and no line ends in a space.
func TestRenderFitsWidth(t *testing.T) {
	src := sample(t)
	code := map[string]bool{}
	for _, l := range strings.Split(Render(src, Options{Width: 1000}), "\n") {
		if strings.HasPrefix(l, "    ") {
			code[strings.TrimSpace(l)] = true
		}
	}
	for _, color := range []bool{false, true} {
		for w := 10; w <= 130; w++ {
			for _, l := range strings.Split(Render(src, Options{Width: w, Color: color}), "\n") {
				plain := ansi.Strip(l)
				if strings.HasSuffix(plain, " ") {
					t.Fatalf("width %d colour %v: line ends in a space: %q", w, color, plain)
				}
				if ansi.StringWidth(plain) > max(w-2, minWidth+2) && !code[strings.TrimSpace(plain)] {
					t.Fatalf("width %d colour %v: line %q is %d wide", w, color, plain, ansi.StringWidth(plain))
				}
			}
		}
	}
}

var wordRE = regexp.MustCompile(`[A-Za-z0-9]+`)

// Wrapping loses nothing: the words of the source come out in order, at
// every width.
func TestRenderKeepsEveryWord(t *testing.T) {
	src := "Some **bold** and *italic* words, `code span`, a [link](https://x.example/a) and " +
		strings.Repeat("filler words again ", 30) + "the end.\n\n- item one\n- item two\n\n> quoted text here\n"
	want := wordRE.FindAllString(src, -1)
	for w := 10; w <= 100; w += 7 {
		for _, color := range []bool{false, true} {
			got := wordRE.FindAllString(ansi.Strip(Render(src, Options{Width: w, Color: color})), -1)
			if strings.Join(got, "") != strings.Join(want, "") { // a word wider than the line is cut
				t.Fatalf("width %d colour %v:\n got %v\nwant %v", w, color, got, want)
			}
		}
	}
}

// In colour every styled line is closed: nothing runs on into the
// margin or the next line.
func TestRenderClosesStylesPerLine(t *testing.T) {
	for _, l := range strings.Split(Render(sample(t), Options{Width: 50, Color: true}), "\n") {
		open := strings.LastIndex(l, "\x1b[")
		if open >= 0 && !strings.HasSuffix(l[open:], "\x1b[0m") && !strings.Contains(l[open:], "\x1b[0m") {
			t.Fatalf("line leaves a style open: %q", l)
		}
	}
}

func TestRenderBlocks(t *testing.T) {
	cases := []struct{ src, want string }{
		{"# Title\n\ntext", "  # Title\n\n  text"},
		{"1. a\n2. b\n", "  1. a\n  2. b"},
		{"3. a\n4. b\n", "  3. a\n  4. b"},
		{"- a\n\n- b\n", "  • a\n\n  • b"},
		{"- a\n  - b\n", "  • a\n    • b"},
		{"> q\n>\n> r\n", "  | q\n  |\n  | r"},
		{"a\\\nb", "  a\n  b"},
		{"a &lt; b \\* c", "  a < b * c"},
		{"***", "  --------"},
		{"    indented\n    code\n", "    indented\n    code"},
		{"| a | b |\n|---|--:|\n| x | 10 |\n", "  a |  b\n  --|---\n  x | 10"},
		{"~~old~~ new", "  ~~old~~ new"},
		{"![a cat](cat.png)", "  Image: a cat → cat.png"},
		{"[same](same)", "  same"},
		{"<div>\nraw\n</div>\n", "  <div>\n  raw\n  </div>"},
	}
	for _, c := range cases {
		if got := Render(c.src, Options{Width: 40}); got != c.want {
			t.Errorf("Render(%q) =\n%q\nwant\n%q", c.src, got, c.want)
		}
	}
}
