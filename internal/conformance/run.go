package conformance

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"corvid/internal/provider/providertest"
)

// maxOutput caps what is kept of a run's stdout and stderr.
const maxOutput = 8 << 20

// Output is what one run of a case produced.
type Output struct {
	Stdout   []byte
	Stderr   []byte
	Exit     int
	Requests int
	// Project and Home are the run's directories, for Normalise.
	Project string
	Home    string
}

// Run plays c against the binary bin in fresh directories under root: it
// starts the fake API, writes the case's files, runs bin with the case's
// arguments in the project directory and waits for it (sending SIGINT
// when the case says so). env is added to the run's environment.
func Run(ctx context.Context, bin, root string, c Case, env []string) (Output, error) {
	out := Output{Project: filepath.Join(root, "project"), Home: filepath.Join(root, "home")}
	for _, d := range []string{out.Project, out.Home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return out, err
		}
	}
	for name, body := range c.Files {
		if err := os.WriteFile(filepath.Join(out.Project, name), []byte(body), 0o644); err != nil {
			return out, err
		}
	}
	sc, err := c.scenario(out.Project)
	if err != nil {
		return out, err
	}
	sc.AllowUnused = true
	srv, err := providertest.Listen(sc, "127.0.0.1:0")
	if err != nil {
		return out, err
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, c.argv(out.Project)...)
	cmd.Dir = out.Project
	cmd.Env = append(baseEnv(out.Home, srv.URL), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = play(cmd, c.Interrupt, srv, &out)
	out.Requests = len(srv.Requests())
	return out, err
}

// baseEnv isolates a run: its own home and config directories, the fake
// API, no traffic elsewhere.
func baseEnv(home, url string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + os.TempDir(),
		"CLAUDE_CONFIG_DIR=" + filepath.Join(home, ".claude"),
		"CORVID_CONFIG_DIR=" + filepath.Join(home, ".corvid"),
		"ANTHROPIC_BASE_URL=" + url, "ANTHROPIC_API_KEY=test",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1",
		"DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "IS_SANDBOX=1",
	}
}

// play runs cmd to the end, collecting its output into out and sending
// SIGINT as in. Whatever the process left in its group is killed after.
func play(cmd *exec.Cmd, in *Interrupt, srv *providertest.Server, out *Output) error {
	var stderr bytes.Buffer
	cmd.Stderr = &capped{w: &stderr}
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }()
	sent := make(chan struct{})
	var once sync.Once
	signal := func() {
		once.Do(func() {
			close(sent)
			time.Sleep(time.Duration(in.DelayMS) * time.Millisecond)
			_ = cmd.Process.Signal(syscall.SIGINT)
		})
	}
	done := make(chan struct{})
	defer close(done)
	if in != nil && in.AfterLine == "" {
		go waitRequests(srv, in.Requests, done, signal)
	}
	var stdout bytes.Buffer
	sc := bufio.NewScanner(pipe)
	sc.Buffer(make([]byte, 64<<10), maxOutput)
	for sc.Scan() {
		if stdout.Len() < maxOutput {
			stdout.Write(sc.Bytes())
			stdout.WriteByte('\n')
		}
		if in != nil && in.AfterLine != "" && strings.Contains(sc.Text(), in.AfterLine) {
			go signal()
		}
	}
	_, _ = io.Copy(io.Discard, pipe)
	err = cmd.Wait()
	out.Stdout, out.Stderr = stdout.Bytes(), stderr.Bytes()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		out.Exit, err = ee.ExitCode(), nil
	}
	if in != nil {
		select {
		case <-sent:
		default:
			return fmt.Errorf("conformance: the interrupt was never sent")
		}
	}
	return err
}

// waitRequests calls signal once srv has received n requests, polling
// until done.
func waitRequests(srv *providertest.Server, n int, done <-chan struct{}, signal func()) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			if len(srv.Requests()) >= n {
				signal()
				return
			}
		}
	}
}

// capped is a writer that keeps the first maxOutput bytes.
type capped struct{ w *bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.w.Len(); room > 0 {
		c.w.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
