// Command startbench measures corvid's start-up: the wall time of
// `corvid --version` (as linked, and as an installed copy), and the time from process start to the first API
// request of `corvid -p` against the scripted fake Messages API. It prints
// the median, minimum and 90th percentile of each over -n runs.
//
//	go build -o /tmp/corvid ./cmd/corvid
//	go run ./bench/cmd/startbench -bin /tmp/corvid -n 50
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"corvid/internal/provider/providertest"
)

func main() {
	bin := flag.String("bin", "./corvid", "corvid binary to measure")
	n := flag.Int("n", 30, "runs per measurement")
	flag.StringVar(&workDir, "dir", "", "working directory of the -p runs (default: the current one; "+
		"a git repository makes corvid gather git facts)")
	flag.Parse()
	if err := run(*bin, *n); err != nil {
		fmt.Fprintln(os.Stderr, "startbench:", err)
		os.Exit(1)
	}
}

// workDir is where the -p runs start.
var workDir string

func run(bin string, n int) error {
	base, err := measure(n, func() (time.Duration, error) { return timeExec("true") })
	if err != nil {
		return err
	}
	report("baseline: true (spawn and wait only)", base)
	installed, cleanup, err := install(bin)
	if err != nil {
		return err
	}
	defer cleanup()
	for _, b := range []struct{ name, path string }{
		{"corvid --version, as linked", bin},
		{"corvid --version, installed copy", installed},
	} {
		version, err := measure(n, func() (time.Duration, error) { return timeVersion(b.path) })
		if err != nil {
			return err
		}
		report(b.name, version)
	}
	first, err := measure(n, func() (time.Duration, error) { return timeFirstRequest(bin) })
	if err != nil {
		return err
	}
	report("corvid -p: process start → first API request", first)
	return nil
}

func measure(n int, f func() (time.Duration, error)) ([]time.Duration, error) {
	out := make([]time.Duration, 0, n)
	for range n {
		d, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	slices.Sort(out)
	return out, nil
}

func report(name string, ds []time.Duration) {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Printf("%-48s n=%d median=%.2fms min=%.2fms p90=%.2fms\n", name, len(ds),
		ms(ds[len(ds)/2]), ms(ds[0]), ms(ds[len(ds)*9/10]))
}

func timeVersion(bin string) (time.Duration, error) { return timeExec(bin, "--version") }

// install copies bin into a temporary directory with ordinary writes, as
// installing or downloading it does. The copy starts measurably faster
// than the linker's output (a Go hello-world too: 1.17 against 1.28 ms
// here), because of how the linker's writes left the file in the page
// cache; measuring both keeps that effect visible and out of the
// comparison between builds.
func install(bin string) (string, func(), error) {
	dir, err := os.MkdirTemp("", "startbench-bin-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	data, err := os.ReadFile(bin)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "corvid"), data, 0o755)
	}
	if err != nil {
		cleanup()
		return "", nil, err
	}
	return filepath.Join(dir, "corvid"), cleanup, nil
}

func timeExec(bin string, args ...string) (time.Duration, error) {
	cmd := exec.Command(bin, args...)
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s %v: %w", bin, args, err)
	}
	return time.Since(start), nil
}

// timeFirstRequest runs `corvid -p hi` against a fresh fake server and
// returns the time from just before the process was started to the
// server's handler receiving the request (headers read).
func timeFirstRequest(bin string) (time.Duration, error) {
	sc, _ := providertest.Builtin("hello")
	srv := providertest.New(sc)
	defer srv.Close()
	cfg, err := os.MkdirTemp("", "startbench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(cfg)
	cmd := exec.Command(bin, "-p", "hi")
	cmd.Dir = workDir
	// Transcripts go to a scratch config directory, not the user's.
	cmd.Env = append(os.Environ(), "ANTHROPIC_BASE_URL="+srv.URL, "ANTHROPIC_API_KEY=bench",
		"ANTHROPIC_AUTH_TOKEN=", "CORVID_CONFIG_DIR="+cfg)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%s -p: %w\n%s", bin, err, out)
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		return 0, fmt.Errorf("the fake API got no request")
	}
	return reqs[0].Received.Sub(start), nil
}
