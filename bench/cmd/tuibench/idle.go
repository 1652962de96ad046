package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// idleAfterTwoPrompts starts corvid in a tmux pane, answers two prompts,
// then reports the CPU the process used over the idle window and its
// resident memory.
func idleAfterTwoPrompts(corvid string, env []string, idle time.Duration, turns int) error {
	sock := fmt.Sprintf("tuibench-%d", os.Getpid())
	tmux := func(args ...string) (string, error) {
		out, err := exec.Command("tmux", append([]string{"-L", sock}, args...)...).CombinedOutput()
		return string(out), err
	}
	defer tmux("kill-server") //nolint:errcheck
	args := append([]string{"new-session", "-d", "-s", "b", "-x", "100", "-y", "30", "env"}, env...)
	if _, err := tmux(append(args, corvid)...); err != nil {
		return fmt.Errorf("tmux: %w", err)
	}
	wait := func(text string, count int) error {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			s, _ := tmux("capture-pane", "-p", "-S", "-500", "-t", "b")
			if strings.Count(s, text) >= count {
				return nil
			}
		}
		return fmt.Errorf("timed out waiting for %q", text)
	}
	if err := wait("default mode", 1); err != nil {
		return err
	}
	for i, p := range []string{"first prompt", "second prompt"} {
		if _, err := tmux("send-keys", "-t", "b", "-l", p); err != nil {
			return err
		}
		if _, err := tmux("send-keys", "-t", "b", "Enter"); err != nil {
			return err
		}
		want := []string{"the first", "second answer"}[i]
		if err := wait(want, 1); err != nil {
			return err
		}
	}
	pidText, err := tmux("display-message", "-p", "-t", "b", "#{pane_pid}")
	if err != nil {
		return err
	}
	pid := strings.TrimSpace(pidText)
	time.Sleep(time.Second) // let the last frame and prints settle
	t0, err := cpuTicks(pid)
	if err != nil {
		return err
	}
	time.Sleep(idle)
	t1, err := cpuTicks(pid)
	if err != nil {
		return err
	}
	const hz = 100 // USER_HZ
	cpu := float64(t1-t0) / hz / idle.Seconds() * 100
	fmt.Printf("idle CPU over %v after two prompts: %.2f %% (%d ticks of 10 ms)\n", idle, cpu, t1-t0)
	for _, f := range []string{"VmRSS", "VmHWM", "RssAnon", "RssFile"} {
		v, err := statusField(pid, f)
		if err != nil {
			return err
		}
		fmt.Printf("after two prompts, %-8s %s\n", f+":", v)
	}
	if turns > 2 {
		if err := longSession(tmux, pid, turns); err != nil {
			return err
		}
	}
	if hold, _ := time.ParseDuration(os.Getenv("TUIBENCH_HOLD")); hold > 0 {
		fmt.Printf("holding pid %s for %v\n", pid, hold)
		time.Sleep(hold)
	}
	if os.Getenv("TUIBENCH_SMAPS") != "" {
		data, _ := os.ReadFile("/proc/" + pid + "/smaps")
		head := ""
		for _, l := range strings.Split(string(data), "\n") {
			if f := strings.Fields(l); len(f) >= 5 && strings.Contains(f[0], "-") {
				head = l
			} else if strings.HasPrefix(l, "Rss:") {
				fmt.Printf("%-10s %s\n", strings.TrimSpace(l[4:]), head)
			}
		}
	}
	return nil
}

// cpuTicks is utime+stime of the process, in clock ticks.
func cpuTicks(pid string) (int64, error) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, err
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	u, err1 := strconv.ParseInt(fields[11], 10, 64)
	st, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("parsing /proc/%s/stat", pid)
	}
	return u + st, nil
}

func statusField(pid, name string) (string, error) {
	data, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, name+":"); ok {
			return strings.TrimSpace(v), nil
		}
	}
	return "", fmt.Errorf("no %s in /proc/%s/status", name, pid)
}
