package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"corvid/internal/provider/providertest"
)

// lookParagraph is long enough to wrap at 60 columns; no word is longer
// than a line, so wrapping must not cut or lose any.
const lookParagraph = "The interface wraps this paragraph at the width of the terminal without " +
	"losing a single word of it, whether the pane is narrow or very wide indeed, and " +
	"the words come back in the same order when the lines are joined again."

// The same short session (a Markdown answer, a Write asked about and
// shown as a diff) at 60 and 250 columns, in a dark and a light
// terminal and with NO_COLOR: no line is wider than the pane, no word
// of the answer is lost, colour is there unless NO_COLOR says no (then
// none at all), and a light background (COLORFGBG, or the terminal's
// answer to the OSC 11 query) gets no yellow, which does not read on it.
func TestTmuxWidthsAndColours(t *testing.T) {
	requireTmux(t)
	for _, width := range []int{60, 250} {
		for _, look := range []string{"dark", "light", "light-osc", "nocolor"} {
			t.Run(fmt.Sprintf("%d-%s", width, look), func(t *testing.T) { lookSession(t, width, look) })
		}
	}
}

func lookSession(t *testing.T, width int, look string) {
	env := map[string][]string{"dark": {"COLORFGBG=15;0"}, "light": {"COLORFGBG=0;15"}, "nocolor": {"NO_COLOR=1"}}[look]
	p := newProject(t, env...)
	if look == "light-osc" { // no COLORFGBG: the pane's white background answers the OSC 11 query
		p.tmuxConf = filepath.Join(p.root, "tmux.conf")
		if err := os.WriteFile(p.tmuxConf, []byte("set -g window-style bg=colour231\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p.serve(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("# Result\n\n" + lookParagraph + "\n\n```go\nvar n int = 42\n```\n"),
			tool("toolu_w", "Write", map[string]any{"file_path": filepath.Join(p.proj, "notes.txt"), "content": "alpha\nbeta\n"})}},
		{Blocks: []providertest.Block{providertest.Text("Written `notes.txt`.")}},
	}})
	e := &e2e{t: t}
	p.launch(e, "look", width, 40)
	e.waitText("default mode")
	e.typeLine("write the notes")
	e.waitText("Do you want to proceed?")
	checkLook(t, e, width, look)
	e.keys("1")
	e.waitFor("the end of the turn", func(s string) bool {
		return strings.Contains(s, "Written") && !strings.Contains(s, "Working…")
	})
	s := checkLook(t, e, width, look)
	if got, want := strings.Join(strings.Fields(s), " "), strings.Join(strings.Fields(lookParagraph), " "); !strings.Contains(got, want) {
		t.Errorf("the paragraph lost words at %d columns:\n%s", width, s)
	}
	for _, want := range []string{"Result", "var n int = 42", "1 + alpha", "2 + beta", "Write(notes.txt)"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q:\n%s", want, s)
		}
	}
}

var sgrRE = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// checkLook checks the pane's lines against its width and its colours
// against the look; it returns the pane's text.
func checkLook(t *testing.T, e *e2e, width int, look string) string {
	t.Helper()
	text := e.screen()
	for _, l := range strings.Split(text, "\n") {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("a line of %d cells in a %d-column pane: %q", w, width, l)
		}
	}
	colours := paneColours(e.tmux("capture-pane", "-p", "-e", "-S", "-2000", "-t", e.target))
	switch look {
	case "nocolor":
		if len(colours) > 0 {
			t.Errorf("NO_COLOR, yet colours %v are drawn", colours)
		}
	default:
		if len(colours) == 0 {
			t.Errorf("no colour drawn in a %s terminal:\n%s", look, text)
		}
		for c := range colours {
			if (c[0] == '4' || c[:2] == "10") && c != "48;5;231" { // the theme's background is kept (231: tmux's own)
				t.Errorf("a background colour %s is drawn in a %s terminal", c, look)
			}
			if strings.HasPrefix(look, "light") && (c == "33" || c == "93" || c == "37" || c == "97") {
				t.Errorf("yellow or white %s on a light background", c)
			}
		}
	}
	return text
}

// paneColours is the set of foreground and background colours the SGR
// sequences of s set ("32", "38;5;130", "48;2;1;2;3", …).
func paneColours(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range sgrRE.FindAllStringSubmatch(s, -1) {
		ps := strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' })
		for i := 0; i < len(ps); i++ {
			switch p := ps[i]; {
			case (p == "38" || p == "48") && i+1 < len(ps) && ps[i+1] == "5" && i+2 < len(ps):
				out[p+";5;"+ps[i+2]] = true
				i += 2
			case (p == "38" || p == "48") && i+1 < len(ps) && ps[i+1] == "2" && i+4 < len(ps):
				out[strings.Join(ps[i:i+5], ";")] = true
				i += 4
			case len(p) == 2 && (p[0] == '3' || p[0] == '4' || p[0] == '9') && p[1] >= '0' && p[1] <= '7',
				len(p) == 3 && p[:2] == "10" && p[2] >= '0' && p[2] <= '7':
				out[p] = true
			}
		}
	}
	return out
}
