package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// firstPaint runs shellCmd in a pseudo-terminal (script(1)) sized 100×30
// and returns the time from starting it to "default mode" (the status
// line) appearing in its output.
func firstPaint(shellCmd string, env []string) (time.Duration, error) {
	cmd := exec.Command("script", "-qfec", "stty cols 100 rows 30; "+shellCmd, "/dev/null")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	pr, pw, err := os.Pipe() // script's stdin: held open, closed to end it
	if err != nil {
		return 0, err
	}
	cmd.Stdin = pr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	pr.Close()
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		pw.Close()
	}()
	var seen bytes.Buffer
	buf := make([]byte, 64<<10)
	for {
		k, err := out.Read(buf)
		seen.Write(buf[:k])
		if strings.Contains(seen.String(), "default mode") {
			d := time.Since(start)
			noteFaults(childOf(cmd.Process.Pid)) // script's child: the shell that execs corvid
			return d, nil
		}
		if err != nil {
			return 0, fmt.Errorf("no status line (%v); output %q", err, seen.String())
		}
	}
}

func measure(n int, f func() (time.Duration, error)) ([]time.Duration, error) {
	var ds []time.Duration
	for range n {
		d, err := f()
		if err != nil {
			return nil, err
		}
		ds = append(ds, d)
	}
	slices.Sort(ds)
	return ds, nil
}

func report(name string, ds []time.Duration) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
	fmt.Printf("%-55s median %s  min %s  p90 %s  (n=%d)\n", name, ms(ds[len(ds)/2]), ms(ds[0]),
		ms(ds[len(ds)*9/10]), len(ds))
}
