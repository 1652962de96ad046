package proctree

import (
	"os"
	"strconv"
	"syscall"
	"time"
)

// supervisorArg, as the first argument, makes corvid a supervisor.
const supervisorArg = SupervisorArg

// Supervised reports whether Wrap puts a supervisor in front of the
// command, so that a status descriptor is used.
const Supervised = true

// Wrap returns the program and arguments that run argv (argv[0] an
// absolute path) under a supervisor that gives its subtree grace between
// SIGTERM and SIGKILL when it stops it. statusFD is the supervisor's
// descriptor on which it writes the shell's exit status, in decimal, as
// soon as the shell has exited; with one, the supervisor stays while
// descendants that detached from the output live on. With -1, it exits
// with the shell's status once the shell has exited.
func Wrap(argv []string, grace time.Duration, statusFD int) (string, []string) {
	args := []string{supervisorArg, strconv.FormatInt(grace.Milliseconds(), 10), strconv.Itoa(statusFD)}
	return "/proc/self/exe", append(args, argv...)
}

// init turns the process into a supervisor when Wrap started it; it
// never returns then. Running in init makes every binary that links the
// package (corvid and the test binaries) able to supervise. It exits with
// syscall.Exit: the supervisor has nothing to flush, and os.Exit in a
// binary built with -race waits a second for late race reports.
func init() {
	if len(os.Args) > 4 && os.Args[1] == supervisorArg {
		syscall.Exit(supervise(os.Args[2:]))
	}
}
