package bash

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	spillpkg "corvid/internal/spill"
	"corvid/internal/tool"
)

// seqOutput is what `seq 1 n` prints.
func seqOutput(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

func TestOutputCap(t *testing.T) {
	cases := []struct {
		name, command, full string
		truncated           bool
	}{
		{"fits", "seq 1 200", seqOutput(200), false},                                       // 692 characters
		{"multibyte_fits", "printf 'é%.0s' $(seq 1000)", strings.Repeat("é", 1000), false}, // 2000 bytes
		{"over_cap_in_memory", "seq 1 500", seqOutput(500), true},                          // 1892 characters: spilled at the end
		{"streamed_to_spill", "seq 1 50000", seqOutput(50000), true},                       // far past the in-memory head
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, Options{MaxOutput: 1000})
			r := f.cmd(tc.command)
			text := r.Text()
			spill := filepath.Join(f.env.SessionDir, "tool-results", "bash-toolu_test.txt")
			if !tc.truncated {
				if text != strings.TrimRight(tc.full, "\n") {
					t.Errorf("output changed: %q", text)
				}
				if _, err := os.Stat(spill); err == nil {
					t.Errorf("output that fits was spilled")
				}
				return
			}
			body, _, _ := strings.Cut(text, "\n\nThe output had")
			if n := utf8.RuneCountInString(body); n > 1000+60 {
				t.Errorf("shown output has %d characters, want about 1000", n)
			}
			if !strings.HasPrefix(body, "1\n2\n3\n") || !strings.HasSuffix(body, "\n"+lastLine(tc.full)) {
				t.Errorf("shown output lacks the head or the tail:\n%s", body)
			}
			if !strings.Contains(body, "characters omitted] ...") {
				t.Errorf("no omission marker in %q", body)
			}
			data, err := os.ReadFile(spill)
			if err != nil || string(data) != tc.full {
				t.Errorf("spill file holds %d bytes (%v), want the whole %d-byte output", len(data), err, len(tc.full))
			}
			if st, err := os.Stat(spill); err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("spill file mode: %v %v", st.Mode(), err)
			}
			if st, err := os.Stat(filepath.Dir(spill)); err != nil || st.Mode().Perm() != 0o700 {
				t.Errorf("spill directory mode: %v %v", st.Mode(), err)
			}
			if tc.name == "streamed_to_spill" {
				f.golden("truncated", text)
			}
		})
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

func TestCaptureBoundsMemory(t *testing.T) {
	spill := filepath.Join(t.TempDir(), "spill.txt")
	c := newCapture(100, func() (*spillpkg.Writer, error) {
		return spillpkg.NewBudget(spillpkg.Limits{}).Create(filepath.Dir(spill), spill)
	})
	chunk := []byte(strings.Repeat("abcdefghij", 1000))
	for range 1000 { // 10 MB
		c.write(chunk)
		if len(c.head) > c.headCap || len(c.tail) > 2*c.tailCap+len(chunk) {
			t.Fatalf("buffers grew to %d + %d bytes", len(c.head), len(c.tail))
		}
	}
	out := c.result()
	if !out.truncated || out.chars != 10_000_000 || out.spillErr != nil {
		t.Fatalf("result = %+v", out)
	}
	if st, err := os.Stat(spill); err != nil || st.Size() != 10_000_000 {
		t.Errorf("spill file: %v %v", st, err)
	}
	if !strings.Contains(out.text, "... [9999900 characters omitted] ...") {
		t.Errorf("marker missing in %q", out.text)
	}
}

func TestSpillFailureKeepsHeadAndTail(t *testing.T) {
	c := newCapture(10, func() (*spillpkg.Writer, error) { return nil, os.ErrPermission })
	c.write([]byte(strings.Repeat("x", 100) + "END"))
	out := c.result()
	if !out.truncated || out.path != "" || out.spillErr == nil || !strings.HasSuffix(out.text, "END") {
		t.Errorf("result = %+v", out)
	}
	if note := spillNote(out, 10, 1000); !strings.Contains(note, "could not be saved") {
		t.Errorf("note = %q", note)
	}
}

func TestBinaryAndInvalidUTF8(t *testing.T) {
	f := newFixture(t, Options{MaxOutput: 2000})
	r := f.cmd(`printf 'ok\377\376\000end\n'`)
	if got := r.Text(); got != "ok\uFFFD\uFFFDend" { // a run of invalid bytes becomes one U+FFFD
		t.Errorf("text = %q", got)
	}
	r = f.cmd("head -c 200000 /dev/urandom")
	if r.Result.IsError || !utf8.ValidString(r.Text()) || strings.ContainsRune(r.Text(), 0) {
		t.Errorf("random bytes: error %v, valid UTF-8 %v", r.Result.IsError, utf8.ValidString(r.Text()))
	}
	r = f.cmd(`printf '%.0sé' $(seq 3000)`) // the cut falls inside characters
	if !utf8.ValidString(r.Text()) || strings.ContainsRune(r.Text(), utf8.RuneError) {
		t.Errorf("a cut inside a character left invalid text")
	}
}

func TestProgress(t *testing.T) {
	f := newFixture(t, Options{})
	// One fifo per step: a second open of the same fifo could succeed
	// while the test still holds it from the first step.
	steps := []string{f.fifo("step1"), f.fifo("step2")}
	long := strings.Repeat("a", 5000)
	progress := make(chan tool.Progress, 100)
	call := tool.Call{ID: "toolu_progress", Env: f.env,
		Input: json.RawMessage(`{"command":"echo first; read x < step1; echo ` + long + `; read x < step2; echo last"}`),
		Progress: func(p tool.Progress) {
			select {
			case progress <- p:
			default:
			}
		}}
	done := make(chan *tool.Result, 1)
	go func() {
		res, err := f.tool.Call(context.Background(), call)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	// The command blocks on the fifo until the line it printed has been
	// reported, so each line is seen whatever the scheduling.
	for i, want := range []string{"first", long[:progressChars]} {
		var p tool.Progress
		select {
		case p = <-progress:
		case res := <-done:
			t.Fatalf("the command ended before its progress was seen: %q", res.TextOf())
		}
		if p.Message != want {
			t.Errorf("progress = %q, want %q", p.Message, want)
		}
		if d, ok := p.Data.(ProgressData); !ok || d.Line != p.Message {
			t.Errorf("progress data = %#v", p.Data)
		}
		if err := os.WriteFile(steps[i], []byte("go\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if res := <-done; res.IsError {
		t.Errorf("result %q", res.TextOf())
	}
}
