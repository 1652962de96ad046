package proctree

import (
	"bytes"
	"os"
	"strconv"
)

// Stat is what corvid reads of a process from /proc/<pid>/stat.
type Stat struct {
	State byte // R, S, D, Z (zombie), X (dead), …
	PPid  int
	Pgrp  int
}

// Live reports whether the process has not exited (it is neither a
// zombie nor dead).
func (s Stat) Live() bool { return s.State != 'Z' && s.State != 'X' }

// ReadStat parses /proc/<pid>/stat ("pid (comm) state ppid pgrp …"; comm
// may hold spaces and parentheses, so fields are counted after the last
// ')'). ok is false when the process is gone or the line is unreadable.
func ReadStat(pid int) (s Stat, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return Stat{}, false
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return Stat{}, false
	}
	f := bytes.Fields(data[i+1:])
	if len(f) < 3 || len(f[0]) == 0 {
		return Stat{}, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pgrp, err2 := strconv.Atoi(string(f[2]))
	if err1 != nil || err2 != nil {
		return Stat{}, false
	}
	return Stat{State: f[0][0], PPid: ppid, Pgrp: pgrp}, true
}

// Alive reports whether pid is a process that has not exited.
func Alive(pid int) bool {
	s, ok := ReadStat(pid)
	return ok && s.Live()
}
