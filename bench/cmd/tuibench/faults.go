package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// paintFaults collects, per first-paint run, the minor page faults the
// process had taken when the status line appeared (from /proc/PID/stat;
// the shell execs corvid, which execs corvid-tui, and exec keeps the
// count). They do not depend on the load; on this machine's virtual
// CPUs each costs about 10 µs.
var paintFaults []int

func noteFaults(pid string) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // f[0] is field 3 (state)
	if len(f) > 7 {
		if n, err := strconv.Atoi(f[7]); err == nil { // field 10: minflt
			paintFaults = append(paintFaults, n)
		}
	}
}

// childOf is pid's first child ("" if none).
func childOf(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
	if err != nil {
		return ""
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return ""
}

// reportFaults prints the median and range of paintFaults and empties it.
func reportFaults(name string) {
	if len(paintFaults) == 0 {
		return
	}
	slices.Sort(paintFaults)
	fmt.Printf("%-55s median %d  min %d  max %d\n", name, paintFaults[len(paintFaults)/2], paintFaults[0],
		paintFaults[len(paintFaults)-1])
	paintFaults = nil
}
