package cli

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestPromptAssembly(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"argument only", "", []string{"-p", "explain"}, "explain"},
		{"stdin only", "some code\n", []string{"-p"}, "some code\n"},
		{"stdin then argument", "some code\n", []string{"-p", "explain"}, "some code\n\nexplain"},
		{"CRLF stdin then argument", "line\r\n", []string{"-p", "explain"}, "line\n\nexplain"},
		{"blank stdin is ignored", " \n\n", []string{"-p", "explain"}, "explain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(tt.stdin)
			if code := h.exec(tt.args...); code != 0 {
				t.Fatalf("exit %d: %s", code, h.stderr.String())
			}
			if h.got.Prompt != tt.want {
				t.Errorf("prompt %q, want %q", h.got.Prompt, tt.want)
			}
		})
	}
}

func TestEmptyPrompt(t *testing.T) {
	const want = "Error: Input must be provided either through stdin or as a prompt argument " +
		"when using --print\n"
	for _, tc := range []struct {
		stdin string
		args  []string
	}{{"", []string{"-p"}}, {" \n\t\n", []string{"-p"}}, {"", []string{"-p", "  "}}} {
		h := newHarness(tc.stdin)
		if code := h.exec(tc.args...); code != 1 || h.stderr.String() != want || h.ran {
			t.Errorf("stdin %q args %q: code %d, stderr %q", tc.stdin, tc.args, code, h.stderr.String())
		}
	}
}

func TestTerminalStdinIsNotRead(t *testing.T) {
	h := newHarness("")
	h.ttyStdin(t)
	if code := h.exec("-p", "hi"); code != 0 || h.got.Prompt != "hi" {
		t.Errorf("code %d, prompt %q", code, h.got.Prompt)
	}
	h = newHarness("")
	h.cli.Stdin = devNull(t) // a character device: treated like a terminal
	if code := h.exec("-p", "hi"); code != 0 || h.got.Prompt != "hi" {
		t.Errorf("/dev/null: code %d, prompt %q", code, h.got.Prompt)
	}
}

func TestStdinCap(t *testing.T) {
	h := newHarness("")
	h.cli.Stdin = io.LimitReader(zeros{}, maxStdinBytes+1)
	if code := h.exec("-p", "summarize"); code != 1 || h.ran {
		t.Fatalf("code %d, ran %v", code, h.ran)
	}
	if got := h.stderr.String(); got != "Error: input from stdin exceeds the 10 MB limit\n" {
		t.Errorf("stderr %q", got)
	}
	h = newHarness("")
	h.cli.Stdin = io.LimitReader(zeros{}, maxStdinBytes)
	if code := h.exec("-p", "summarize"); code != 0 || len(h.got.Prompt) != maxStdinBytes+len("\n\nsummarize") {
		t.Errorf("exactly 10 MB: code %d, prompt length %d", code, len(h.got.Prompt))
	}
}

// zeros is an endless stream of 'x'.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestIdleStdinPipe(t *testing.T) {
	h := newHarness("")
	h.pipeStdin(t)
	h.cli.StdinWait = 20 * time.Millisecond
	if code := h.exec("-p", "hi"); code != 0 || h.got.Prompt != "hi" {
		t.Fatalf("code %d, prompt %q", code, h.got.Prompt)
	}
	if !strings.Contains(h.stderr.String(), "Warning: no stdin data received in 20ms") {
		t.Errorf("stderr %q", h.stderr.String())
	}
}

func TestSlowStdinIsAwaitedOnceItStarts(t *testing.T) {
	h := newHarness("")
	r, w := io.Pipe()
	h.cli.Stdin = r
	h.cli.StdinWait = 50 * time.Millisecond
	go func() {
		w.Write([]byte("part one, "))
		time.Sleep(100 * time.Millisecond) // longer than StdinWait
		w.Write([]byte("part two"))
		w.Close()
	}()
	if code := h.exec("-p", "hi"); code != 0 || h.got.Prompt != "part one, part two\n\nhi" {
		t.Errorf("code %d, prompt %q, stderr %q", code, h.got.Prompt, h.stderr.String())
	}
}

func TestStdinReadError(t *testing.T) {
	h := newHarness("")
	h.cli.Stdin = io.MultiReader(strings.NewReader("abc"), errReader{})
	if code := h.exec("-p"); code != 1 || !strings.HasPrefix(h.stderr.String(), "Error: reading stdin: boom") {
		t.Errorf("code %d, stderr %q", code, h.stderr.String())
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("boom") }
