// Package tmuxenv hides TMUX from the environment while corvid-tui's
// packages are initialised, and gives it back when main starts
// (Restore).
//
// lipgloss makes a colour writer for os.Stdout in a package
// initialiser, and its colour detection runs `tmux info` when TMUX is
// set: a process start and a round trip to the tmux server before the
// first paint, for a writer corvid-tui never uses (tui.Profile finds
// the profile itself). Go initialises packages in the order of their
// import paths, each after its imports (the language specification,
// since Go 1.21); this package imports only os, and its path sorts
// before github.com/charmbracelet/colorprofile's, so it is initialised
// before colorprofile and so before lipgloss. cmd/corvid-tui's tests
// check the order in the binary (GODEBUG=inittrace=1).
package tmuxenv

import "os"

// supervisorArg is proctree.SupervisorArg (a test checks they agree):
// importing proctree would change this package's place in the order.
const supervisorArg = "__corvid_supervise"

// tmux is TMUX as the process got it; set says whether it was set.
var tmux, set = os.LookupEnv("TMUX")

// init hides TMUX, except in a proctree supervisor (corvid-tui run again
// to watch a shell): its environment is the shell's, passed on as is.
func init() {
	if set && !(len(os.Args) > 1 && os.Args[1] == supervisorArg) {
		_ = os.Unsetenv("TMUX")
	}
}

// Restore sets TMUX back as it was. main calls it first, before
// anything reads the environment or starts a process.
func Restore() {
	if set {
		_ = os.Setenv("TMUX", tmux)
	}
}
