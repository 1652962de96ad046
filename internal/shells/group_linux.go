package shells

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// liveMembers reports whether /proc lists a process of group pgid that
// is neither a zombie nor dead; known is false when /proc cannot be read.
func liveMembers(pgid int) (live, known bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false, false
	}
	want := strconv.Itoa(pgid)
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		state, pgrp, ok := procStat(e.Name())
		if ok && pgrp == want && state != "Z" && state != "X" {
			return true, true
		}
	}
	return false, true
}

// procStat returns a process's state and process group from
// /proc/<pid>/stat ("pid (comm) state ppid pgrp …"; comm may hold
// spaces and parentheses, so fields are counted after the last ')').
func procStat(pid string) (state, pgrp string, ok bool) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", "", false
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return "", "", false
	}
	fields := strings.Fields(string(data[i+1:]))
	if len(fields) < 3 {
		return "", "", false
	}
	return fields[0], fields[2], true
}

// sysProcAttr starts a child in its own process group; it gets SIGTERM
// when corvid dies (its supervisor then stops the whole tree). Go sends a
// parent-death signal when the creating OS thread ends, which happens
// only when a goroutine locked to its thread returns without unlocking;
// corvid never does that.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
