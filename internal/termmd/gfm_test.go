package termmd

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// gfmCases are GitHub-flavoured pieces: tables (alignments, missing and
// extra cells, escaped pipes in and out of code spans, indentation,
// lines before the header), strikethrough (one to three tildes, nested,
// unclosed) and task items.
var gfmCases = []string{
	"| a | b |\n|---|:-:|\n| 1 | 2 |\n",
	"a | b\n--|--\n1 | 2\n3\n",
	"intro line\nsecond line\n| h1 | h2 | h3 |\n| :-- | --: | :-: |\n| x | y |\n| p | q | r | s |\n",
	"| `a \\| b` | c \\| d |\n|---|---|\n| `x \\| y \\| z` | w |\n",
	"| a |\n|---|---|\n| 1 |\n",
	"| a | b | c |\n|---|---|\n",
	"    | a |\n    |---|\n",
	"| a |\n   |---|\n| b |\n",
	"| a |\n|- -|\n",
	"| a |\n|:|\n",
	"| a |\n|::|\n",
	"| a |\n| -- :|\n",
	"|a|\n|-\n|b\n",
	"| a |\n|---|\n\n| after blank |\n",
	"- [ ] todo\n- [x] done\n- [X] Done too\n- [y] not a box\n- text [ ] later\n",
	"1. [ ]\n2. [\t] tab\n3. [x]no space\n",
	"- item\n\n  [ ] second paragraph\n",
	"> - [x] quoted\n",
	"~one~ ~~two~~ ~~~three~~~ ~~unclosed\n",
	"a~b~c ~~**bold** inside~~ ~ lone ~\n",
	"~~nested ~inner~ outer~~\n",
	"- [ ] ~~struck~~ task with | pipe\n",
	"plain `code | span` text\n",
	"| **b** | _i_ | [l](http://x) |\n|---|---|---|\n| ~~s~~ | `c` | <b>h</b> |\n",
	"| a |\n|---|\n| `unclosed \\| tick |\n",
}

// dumpTree writes what termmd reads of a tree: kinds, lines, text
// segments, alignments and boxes.
func dumpTree(b *strings.Builder, n ast.Node, src []byte, depth int) {
	fmt.Fprintf(b, "%s%s", strings.Repeat(" ", depth), n.Kind())
	switch n := n.(type) {
	case *ast.Text:
		fmt.Fprintf(b, " %q raw=%v soft=%v hard=%v", n.Segment.Value(src), n.IsRaw(), n.SoftLineBreak(), n.HardLineBreak())
	case *east.Table:
		fmt.Fprintf(b, " %v", n.Alignments)
	case *east.TableCell:
		fmt.Fprintf(b, " %v", n.Alignment)
	case *east.TaskCheckBox:
		fmt.Fprintf(b, " checked=%v", n.IsChecked)
	}
	if n.Type() == ast.TypeBlock {
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			fmt.Fprintf(b, " %q", seg.Value(src))
		}
	}
	b.WriteString("\n")
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		dumpTree(b, c, src, depth+1)
	}
}

func parseDump(p parser.Parser, src string) string {
	var b strings.Builder
	dumpTree(&b, p.Parse(text.NewReader([]byte(src))), []byte(src), 0)
	return b.String()
}

// The oracle is goldmark's own extensions: the same tree and the same
// rendering, for every case and for a few thousand random mixes of
// them and their lines.
func TestGFMMatchesGoldmarkExtensions(t *testing.T) {
	theirs := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList)).Parser()
	ours := markdownParser()
	check := func(src string) {
		t.Helper()
		if a, b := parseDump(theirs, src), parseDump(ours, src); a != b {
			t.Fatalf("tree of %q:\ngoldmark/extension:\n%s\ntermmd:\n%s", src, a, b)
		}
		for _, o := range []Options{{Width: 40, Color: true}, {Width: 100}} {
			if a, b := render(theirs, src, o), render(ours, src, o); a != b {
				t.Fatalf("render of %q (%+v):\n%s\nvs\n%s", src, o, a, b)
			}
		}
	}
	for _, c := range gfmCases {
		check(c)
	}
	var lines []string
	for _, c := range gfmCases {
		lines = append(lines, strings.SplitAfter(c, "\n")...)
	}
	rng := rand.New(rand.NewPCG(12, 26))
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			if rng.IntN(3) == 0 {
				b.WriteString(gfmCases[rng.IntN(len(gfmCases))])
			} else {
				b.WriteString(lines[rng.IntN(len(lines))])
			}
		}
		check(b.String())
	}
}
