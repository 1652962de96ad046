// Package proctree keeps a tool's processes from outliving corvid.
//
// On Linux a tool's shell runs under a small supervisor: corvid itself,
// re-executed with a hidden first argument (see Wrap). The supervisor is
// a child subreaper, so every process the shell starts stays below it
// even when it calls setsid or double-forks; it reaps them all, reports
// the shell's exit status, stops the processes that still hold the
// command's output once the shell has exited, and kills its whole subtree
// (SIGTERM, then SIGKILL after a grace period) when it is told to stop or
// when corvid dies (its parent-death signal). corvid is a subreaper too
// (SetSubreaper), so what escapes a supervisor that was itself killed
// still has corvid as an ancestor and is found by Descendants at exit.
//
// Elsewhere Wrap runs the shell directly and the helpers do nothing.
//
// It is a leaf package: internal/shells uses it, and cmd/corvid's main
// runs through its init when started as a supervisor.
package proctree

// SupervisorArg, as a process's first argument, marks a supervisor that
// Wrap started. A package initialiser that changes the environment for
// the program's own sake (cmd/corvid-tui's tmuxenv) leaves it alone in a
// supervisor, whose environment is the command's.
const SupervisorArg = "__corvid_supervise"
