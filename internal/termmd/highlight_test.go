package termmd

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Highlighting adds colour and never changes the text, for every
// language it knows, on code written in any of them.
func TestHighlightKeepsText(t *testing.T) {
	code := []string{
		"func main() {\n\tx := `raw\nline` + \"s\\\"q\" // c\n}\n/* block\ncomment */ 0x1F 3.14",
		"def f(a):\n    '''doc\n    more'''\n    return a + 1  # note\nprint(f'{x}')",
		"for f in *.go; do echo \"$f\" ${HOME} $(ls); done # tail",
		"{\"a\": [1, 2.5e3, true, null], \"b\": \"x\\ny\"}",
		"unterminated \"string\nnext line 'also\n",
		"naïve ünïcödé 名前 = 1 -- sql comment",
	}
	for name := range langs() {
		for _, src := range code {
			got := ansi.Strip(strings.Join(highlight(src, name), "\n"))
			if got != src {
				t.Fatalf("%s changed the text:\n got %q\nwant %q", name, got, src)
			}
		}
	}
}

func TestHighlightClasses(t *testing.T) {
	got := strings.Join(highlight("func f() string { return \"hi\" } // done\nx := 42", "go"), "\n")
	for _, want := range []string{
		paintStyle(classStyles[keywordTok], "func"),
		paintStyle(classStyles[funcTok], "f"),
		paintStyle(classStyles[typeTok], "string"),
		paintStyle(classStyles[stringTok], `"hi"`),
		paintStyle(classStyles[commentTok], "// done"),
		paintStyle(classStyles[numberTok], "42"),
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in %q", want, got)
		}
	}
	// A language is the info string's first word, in any case.
	if got := highlight("return 1", "Python {.numberLines}"); !strings.Contains(got[0], paintStyle(classStyles[keywordTok], "return")) {
		t.Errorf("python by info string: %q", got)
	}
	if got := highlight("if x then", "nosuchlang"); got[0] != "if x then" {
		t.Errorf("unknown language coloured: %q", got)
	}
	if got := highlight("+a\n-b\n@@ -1 +1 @@\n ctx", "diff"); got[0] != paintStyle(style{fg: green}, "+a") ||
		got[1] != paintStyle(style{fg: red}, "-b") || got[3] != " ctx" {
		t.Errorf("diff: %q", got)
	}
	// A multi-line comment is closed at each line end.
	for _, l := range highlight("/* one\ntwo */ x", "c") {
		if strings.Contains(l, "\x1b[") && !strings.Contains(l, "\x1b[0m") {
			t.Errorf("open style at line end: %q", l)
		}
	}
}

// BenchmarkRenderTail is one redraw of a streaming answer's unfinished
// tail (a paragraph, a list and a code block, ~1.5 KB).
func BenchmarkRenderTail(b *testing.B) {
	src := strings.Repeat("Some **streamed** text with `code` and a [link](https://example.com). ", 8) +
		"\n\n- one\n- two\n- three\n\n```go\n" + strings.Repeat("func f(x int) string { return fmt.Sprint(x) } // c\n", 12) + "```\n"
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Render(src, Options{Width: 100, Color: true})
	}
}
