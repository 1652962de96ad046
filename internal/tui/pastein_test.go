package tui

import (
	"strings"
	"testing"

	"go.uber.org/goleak"
)

// However the input is cut into reads, the paste comes out whole, in
// its place, and the keys around it pass through untouched; except a
// cut right after the start marker's Esc, which is passed on as the Esc
// key (a terminal writes the marker with the paste, so a read ends
// there only if the Esc key was pressed just before pasting).
func TestPasteScannerAnySplit(t *testing.T) {
	text := "line one\nline \x1b[A two\x1b"
	input := "ab\x1b" + pasteStart + text + pasteEnd + "cd\x1b[200" + pasteStart + "x" + pasteEnd
	for i := 0; i <= len(input); i++ {
		for j := i; j <= len(input); j++ {
			if escCut(input, i) || escCut(input, j) {
				continue
			}
			var sc pasteScanner
			var kept []string
			keep := func(s string) string { kept = append(kept, s); return "T" + itoa(len(kept)) }
			var out []byte
			for _, piece := range []string{input[:i], input[i:j], input[j:]} {
				out = append(out, sc.feed([]byte(piece), keep)...)
			}
			want := "ab\x1b" + pasteStart + "T1" + pasteEnd + "cd\x1b[200" + pasteStart + "T2" + pasteEnd
			if string(out) != want || len(kept) != 2 || kept[0] != text || kept[1] != "x" {
				t.Fatalf("split %d/%d: out %q kept %q", i, j, out, kept)
			}
		}
	}
}

// A lone Esc at the end of a read is passed on at once (it is the Esc
// key, not the start of a paste); a paste over the limit is kept only to
// one byte past it.
func TestPasteScannerEscAndCap(t *testing.T) {
	var sc pasteScanner
	if out := sc.feed([]byte("\x1b"), nil); string(out) != "\x1b" {
		t.Fatalf("a lone Esc was held back: %q", out)
	}
	var got string
	sc.feed([]byte(pasteStart), nil)
	chunk := []byte(strings.Repeat("y", 1<<20))
	for range maxPaste>>20 + 2 {
		sc.feed(chunk, nil)
	}
	sc.feed([]byte(pasteEnd), func(s string) string { got = s; return "T" })
	if len(got) != maxPaste+1 {
		t.Fatalf("kept %d bytes of an oversized paste, want %d", len(got), maxPaste+1)
	}
}

// Through the program's real input path: a large paste read from the
// terminal shows as a placeholder, and enter sends its whole text.
func TestPasteThroughInput(t *testing.T) {
	// The reading goroutine and the pipe end with the interface.
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	p := startPipe(t)
	text := strings.Repeat("pasted line\n", 300)
	p.write("say " + pasteStart + text + pasteEnd)
	p.waitView("> say [Pasted text #1 +300 lines]")
	p.write("\r")
	if got := p.prompts(1); len(got) != 1 || got[0] != "say "+strings.TrimSuffix(text, "\n")+"\n" && got[0] != "say "+text {
		t.Fatalf("prompts %q", got)
	}
	p.exit()
}

// escCut: input cut at i leaves a start marker's Esc alone at the end.
func escCut(input string, i int) bool {
	return i > 0 && strings.HasPrefix(input[i-1:], pasteStart)
}
