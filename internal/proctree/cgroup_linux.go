package proctree

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// cgroupPrefix starts the name of every cgroup corvid creates:
// corvid-<pid>-<random>.
const cgroupPrefix = "corvid-"

// cgroupBound bounds how long Remove waits for a killed cgroup to empty.
const cgroupBound = 2 * time.Second

// Cgroup is a cgroup (v2) that holds one job's processes, so that what
// escapes the process tree is still found. A nil *Cgroup does nothing.
type Cgroup struct {
	dir  string
	fd   *os.File
	once sync.Once
}

var (
	baseOnce sync.Once
	baseDir  string // corvid's own cgroup when writable, else ""
)

// NewCgroup creates a child of corvid's own cgroup, or returns nil when
// there is no writable cgroup v2 hierarchy (the caller goes on without).
func NewCgroup() *Cgroup {
	baseOnce.Do(func() {
		baseDir = ownCgroup()
		if baseDir != "" {
			sweepStale(baseDir)
		}
	})
	if baseDir == "" {
		return nil
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	dir := filepath.Join(baseDir, cgroupPrefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(b[:]))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil
	}
	fd, err := os.Open(dir)
	if err != nil {
		_ = os.Remove(dir)
		return nil
	}
	return &Cgroup{dir: dir, fd: fd}
}

// Apply makes a process started with attr begin its life in the cgroup.
func (c *Cgroup) Apply(attr *syscall.SysProcAttr) {
	if c != nil {
		attr.UseCgroupFD, attr.CgroupFD = true, int(c.fd.Fd())
	}
}

// Kill kills every process in the cgroup.
func (c *Cgroup) Kill() {
	if c != nil {
		killCgroup(c.dir)
	}
}

// Remove kills what is left in the cgroup and deletes it, once.
func (c *Cgroup) Remove() {
	if c == nil {
		return
	}
	c.once.Do(func() {
		_ = c.fd.Close()
		removeCgroup(c.dir)
	})
}

// killCgroup writes cgroup.kill (Linux 5.14+), else sends SIGKILL to each
// process cgroup.procs lists.
func killCgroup(dir string) {
	if os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	for _, pid := range cgroupProcs(dir) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// removeCgroup kills the cgroup's processes and deletes it once it is
// empty, within cgroupBound.
func removeCgroup(dir string) {
	deadline := time.Now().Add(cgroupBound)
	for {
		killCgroup(dir)
		err := os.Remove(dir)
		if err == nil || os.IsNotExist(err) || time.Now().After(deadline) {
			return
		}
		time.Sleep(10 * time.Millisecond) // the killed processes exit, bounded
	}
}

func cgroupProcs(dir string) []int {
	data, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	var pids []int
	for _, f := range bytes.Fields(data) {
		if pid, err := strconv.Atoi(string(f)); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// ownCgroup returns the directory of the calling process's cgroup v2,
// or "" when there is none or it is not writable.
func ownCgroup() string {
	mount := cgroup2Mount()
	data, err := os.ReadFile("/proc/self/cgroup")
	if mount == "" || err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if path, ok := strings.CutPrefix(line, "0::"); ok {
			dir := filepath.Join(mount, path)
			if syscall.Access(dir, 2 /* W_OK */) == nil {
				return dir
			}
		}
	}
	return ""
}

// cgroup2Mount finds where the cgroup v2 hierarchy is mounted.
func cgroup2Mount() string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source ...
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields := strings.Fields(pre)
		if ok && strings.HasPrefix(post, "cgroup2 ") && len(fields) > 4 {
			return fields[4]
		}
	}
	return ""
}

// sweepStale deletes the empty cgroups that corvid processes which no
// longer exist (killed with SIGKILL) left under dir; one that still holds
// processes is left alone, as their owner cannot be known for sure.
func sweepStale(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), cgroupPrefix)
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if ok && e.IsDir() && err == nil && syscall.Kill(pid, 0) != nil {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
