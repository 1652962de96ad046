package tui

import (
	"strings"
	"testing"
	"time"
)

const (
	lightAnswer = "\x1b]11;rgb:ffff/ffff/ffff\x1b\\" // ended by ST
	darkAnswer  = "\x1b]11;rgb:0000/0000/0000\x07"   // ended by BEL
)

// However the input is cut into reads, each answer is passed on whole
// in one read's output and every key around it is passed on as it came;
// a cut right after an answer's Esc passes that Esc on as the Esc key
// (it cannot be taken back) and the answer whole after it.
func TestReplyJoinerAnySplit(t *testing.T) {
	input := "ab\x1b[A" + lightAnswer + "cd\x1b" + darkAnswer + "\x1b]x]y"
	for i := 0; i <= len(input); i++ {
		for k := i; k <= len(input); k++ {
			var j replyJoiner
			var outs []string
			for _, piece := range []string{input[:i], input[i:k], input[k:]} {
				outs = append(outs, string(j.feed([]byte(piece))))
			}
			want := input
			for n, cut := range []int{i, k} {
				if n == 1 && k == i {
					break
				}
				for _, a := range []string{lightAnswer, darkAnswer} {
					if at := strings.Index(input, a); cut == at+1 {
						want = strings.Replace(want, a, "\x1b"+a, 1)
					}
				}
			}
			all := strings.Join(outs, "")
			if all != want {
				t.Fatalf("cut at %d and %d: out %q, want %q", i, k, all, want)
			}
			for _, a := range []string{lightAnswer, darkAnswer} {
				if !wholeIn(outs, a) {
					t.Fatalf("cut at %d and %d: the answer %q is not whole in one piece: %q", i, k, a, outs)
				}
			}
		}
	}
}

func wholeIn(outs []string, s string) bool {
	for _, o := range outs {
		if strings.Contains(o, s) {
			return true
		}
	}
	return false
}

// What is not a whole answer: ESC ] with a key after it is passed on
// (alt+]); a broken answer (cut off by a key that cannot be in it, too
// long, or not finished in time) is dropped and the keys after it kept.
func TestReplyJoinerBrokenAnswers(t *testing.T) {
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	for _, c := range []struct {
		name   string
		pieces []string
		gap    time.Duration
		want   string
	}{
		{"alt+] then a key", []string{"\x1b]", "x"}, 0, "\x1b]x"},
		{"alt+] then a key, late", []string{"\x1b]", "1"}, 3 * time.Second, "\x1b]1"},
		{"cut by enter", []string{"\x1b]11;rgb:ff", "\rhello"}, 0, "\rhello"},
		{"cut by a control key", []string{"\x1b]11;rgb:ff\x03"}, 0, "\x03"},
		{"cut by Esc", []string{"\x1b]11;rgb:ff\x1b", "[A"}, 0, "\x1b[A"},
		{"cut by a new answer", []string{"\x1b]11;rgb:ff", darkAnswer}, 0, darkAnswer},
		{"rest too late", []string{"\x1b]11;rgb:ff", "ab"}, 3 * time.Second, "ab"},
		{"rest in time", []string{"\x1b]11;rgb:ffff/ffff/", "ffff\x07"}, time.Second, "\x1b]11;rgb:ffff/ffff/ffff\x07"},
		{"too long", []string{"\x1b]11;" + strings.Repeat("f", 2*maxReply), "\x07ok"}, 0, strings.Repeat("f", maxReply+5) + "\x07ok"},
		{"no number", []string{"\x1b];x\x07"}, 0, "\x1b];x\x07"},
		{"orphan ] is a key", []string{"\x1b", "]", "q"}, 0, "\x1b]q"},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := replyJoiner{now: clock}
			var out []byte
			for _, p := range c.pieces {
				out = append(out, j.feed([]byte(p))...)
				now = now.Add(c.gap)
			}
			if string(out) != c.want {
				t.Errorf("out %q, want %q", out, c.want)
			}
		})
	}
}
