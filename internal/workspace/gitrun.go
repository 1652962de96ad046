package workspace

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

const (
	gitTimeout   = 5 * time.Second
	gitWaitDelay = time.Second // after a kill, how long output may still drain
	gitOutputCap = 64 << 10
)

// gitResult is one git command's trimmed output.
type gitResult struct {
	text string
	ok   bool // the command ran and exited 0
	cut  bool // the output went past gitOutputCap
}

// runGit runs one git command in dir without optional locks or prompts,
// under its own timeout, keeping at most gitOutputCap bytes of stdout.
func runGit(ctx context.Context, dir string, args []string) gitResult {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"--no-optional-locks"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0")
	cmd.WaitDelay = gitWaitDelay
	out := &cappedBuffer{limit: gitOutputCap}
	cmd.Stdout = out
	err := cmd.Run()
	return gitResult{text: strings.TrimRight(string(out.buf), "\n"), ok: err == nil, cut: out.cut}
}

// cappedBuffer keeps the first limit bytes written to it and drops the
// rest, noting that it did.
type cappedBuffer struct {
	buf   []byte
	limit int
	cut   bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	room := min(c.limit-len(c.buf), len(p))
	if room < len(p) {
		c.cut = true
	}
	c.buf = append(c.buf, p[:room]...)
	return len(p), nil
}
