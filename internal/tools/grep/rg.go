package grep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// maxRgOutput caps what is read from one rg run; past it the run is
// stopped and the results are partial.
const maxRgOutput = 64 << 20

// maxRgStderr caps the error text kept from rg.
const maxRgStderr = 64 << 10

// rgEngine runs ripgrep and reads its output.
type rgEngine struct {
	path   string
	hidden bool
}

func (e *rgEngine) name() string { return "rg" }

// args builds rg's command line. The user's rg config and global gitignore
// are left out so that results depend only on the tree (and match the Go
// engine). --debug makes rg say which files it skips (rgstderr.go).
func (e *rgEngine) args(q *query) []string {
	args := []string{"--no-config", "--no-ignore-global", "--debug",
		"--max-filesize=" + strconv.Itoa(maxFileSize)}
	if e.hidden {
		args = append(args, "--hidden")
	}
	if q.ignoreCase {
		args = append(args, "--ignore-case")
	}
	if q.multiline {
		args = append(args, "--multiline", "--multiline-dotall")
	}
	if q.fileType != "" {
		args = append(args, "--type="+q.fileType)
	}
	for _, g := range q.globs {
		args = append(args, "--glob="+g)
	}
	// Last, so they win: the Go engine never enters these either.
	for _, d := range [...]string{".git", ".svn", ".hg", ".bzr", ".jj", ".sl"} {
		args = append(args, "--glob=!"+d)
	}
	switch q.mode {
	case modeFiles:
		args = append(args, "--files-with-matches", "--null")
	case modeCount:
		args = append(args, "--count", "--with-filename", "--null")
	default:
		args = append(args, "--json", "--line-number",
			"--before-context="+strconv.Itoa(q.before), "--after-context="+strconv.Itoa(q.after))
	}
	return append(args, "--regexp="+q.pattern, "--", q.root)
}

func (e *rgEngine) search(ctx context.Context, q *query) (*results, error) {
	c := &collector{caps: q.caps}
	cmd, stdout, stderr, err := e.start(ctx, q, c)
	if err != nil {
		return nil, err
	}
	perr := parseOutput(q, &cappedReader{r: stdout, n: maxRgOutput}, c)
	if perr != nil || c.results().partial {
		_ = cmd.Process.Kill() // stopped early: nothing more is wanted
	}
	werr := cmd.Wait()
	stderr.close()
	res := c.results()
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(perr, errOutputCap):
		res.partial = true
	case perr != nil:
		return nil, fmt.Errorf("reading rg output: %w", perr)
	case !res.partial:
		if err := rgFailure(werr, stderr.String()); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// start runs rg for q; it is killed when ctx ends. Skipped files go to c.
func (e *rgEngine) start(ctx context.Context, q *query, c *collector) (*exec.Cmd, io.Reader, *rgStderr, error) {
	cmd := exec.CommandContext(ctx, e.path, e.args(q)...)
	// rg matches slash globs against paths relative to its directory.
	cmd.Dir = q.root
	if q.isFile {
		cmd.Dir = filepath.Dir(q.root)
	}
	cmd.WaitDelay = 2 * time.Second
	stderr := newRgStderr(cmd.Dir, c)
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("rg: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("start rg: %w", err)
	}
	return cmd, stdout, stderr, nil
}

// rgFailure turns rg's exit status into an error: 1 means no match, and 2
// without a message (besides the unreadable files, recorded as skipped)
// means some file could not be read (the rest stands).
func rgFailure(werr error, stderr string) error {
	var exit *exec.ExitError
	if werr == nil || (errors.As(werr, &exit) && (exit.ExitCode() == 1 || strings.TrimSpace(stderr) == "")) {
		return nil
	}
	switch {
	case strings.Contains(stderr, "regex parse error"):
		return &inputError{"Invalid regular expression: " + lastErrorLine(stderr)}
	case strings.Contains(stderr, "not allowed in a regex"):
		return &inputError{errNewline.Error()}
	}
	return fmt.Errorf("rg failed (%w): %s", werr, strings.TrimSpace(stderr))
}

// lastErrorLine is the message of rg's "error: ..." line.
func lastErrorLine(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if msg, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "error: "); ok {
			return msg
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// inputError is a problem with the input found while searching; the model
// gets it as a tool_use_error.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }

var errOutputCap = errors.New("rg output over the cap")

// cappedReader fails with errOutputCap after n bytes.
type cappedReader struct {
	r io.Reader
	n int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, errOutputCap
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	return n, err
}

// cappedBuffer keeps the first max bytes written to it.
type cappedBuffer struct {
	buf bytes.Buffer
	max int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (b *cappedBuffer) String() string { return b.buf.String() }
