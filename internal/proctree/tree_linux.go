package proctree

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER from <linux/prctl.h>.
const prSetChildSubreaper = 36

// SetSubreaper makes the calling process a child subreaper: orphaned
// descendants are reparented to it instead of to init.
func SetSubreaper() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return fmt.Errorf("proctree: PR_SET_CHILD_SUBREAPER: %w", errno)
	}
	return nil
}

// Descendants returns the live (not yet exited) processes below root,
// root excluded, as /proc shows them now: children before grandchildren.
func Descendants(root int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, live := parent(pid); live {
			children[ppid] = append(children[ppid], pid)
		}
	}
	var out []int
	for queue := children[root]; len(queue) > 0; queue = queue[1:] {
		out = append(out, queue[0])
		queue = append(queue, children[queue[0]]...)
	}
	return out
}

// parent returns a live process's parent; live is false for exited
// processes.
func parent(pid int) (ppid int, live bool) {
	st, ok := ReadStat(pid)
	if !ok || !st.Live() {
		return 0, false
	}
	return st.PPid, true
}

// Signal sends sig to every live descendant of root and returns how many
// it found.
func Signal(root int, sig syscall.Signal) int {
	pids := Descendants(root)
	for _, pid := range pids {
		_ = syscall.Kill(pid, sig)
	}
	return len(pids)
}

// holds reports whether process pid has an open descriptor on target, a
// /proc/<pid>/fd link text such as "pipe:[1234]".
func holds(pid int, target string) bool {
	dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if link, err := os.Readlink(dir + e.Name()); err == nil && link == target {
			return true
		}
	}
	return false
}
