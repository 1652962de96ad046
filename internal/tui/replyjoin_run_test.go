package tui

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// Through the program's real input path: the terminal's answer to the
// background query arrives in two pieces with more time between them
// than the input decoder waits for the rest of a sequence (as over a
// slow ssh link), cut inside and right after its Esc. The keys typed
// after it reach the input box and the prompt alone: before, the
// answer's second piece was typed into the box ("ffff/ffff/ffffhi").
func TestSplitAnswerLeavesNoGarbage(t *testing.T) {
	for _, cut := range []int{1, 9} { // after the Esc; after "rgb:"
		t.Run(strings.ReplaceAll(lightAnswer[:cut], "\x1b", "ESC"), func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			p := startPipe(t)
			p.waitView("default mode")
			p.write(lightAnswer[:cut])
			time.Sleep(300 * time.Millisecond) // the gap: six times the decoder's 50 ms
			p.write(lightAnswer[cut:] + "hi")
			p.waitView("> hi")
			p.write("\r")
			if got := p.prompts(1); len(got) != 1 || got[0] != "hi" {
				t.Fatalf("prompts %q, want [\"hi\"]", got)
			}
			p.exit()
		})
	}
}
