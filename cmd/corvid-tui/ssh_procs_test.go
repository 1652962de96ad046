package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// procs reads every process's parent from /proc.
func procs() map[int]int {
	parent := map[int]int{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue // gone meanwhile
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		rest := string(b[bytes.LastIndexByte(b, ')')+1:])
		if f := strings.Fields(rest); len(f) > 1 {
			if ppid, err := strconv.Atoi(f[1]); err == nil {
				parent[pid] = ppid
			}
		}
	}
	return parent
}

// descendants are the processes below pid, children first.
func descendants(pid int) []int {
	parent := procs()
	var out []int
	next := []int{pid}
	for len(next) > 0 {
		var found []int
		for p, pp := range parent {
			for _, n := range next {
				if pp == n {
					found = append(found, p)
				}
			}
		}
		out = append(out, found...)
		next = found
	}
	return out
}

// withEnv lists the live processes whose environment holds kv, as
// "pid comm".
func withEnv(kv string) []string {
	var out []string
	for pid := range procs() {
		dir := "/proc/" + strconv.Itoa(pid)
		env, err := os.ReadFile(dir + "/environ")
		if err != nil || !bytes.Contains(append([]byte{0}, env...), []byte("\x00"+kv+"\x00")) {
			continue
		}
		if st, err := os.ReadFile(dir + "/stat"); err == nil && strings.Contains(string(st[bytes.LastIndexByte(st, ')'):]), ") Z") {
			continue // a zombie has ended; its parent has yet to reap it
		}
		comm, _ := os.ReadFile(dir + "/comm")
		out = append(out, strconv.Itoa(pid)+" "+strings.TrimSpace(string(comm)))
	}
	return out
}
