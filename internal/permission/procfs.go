package permission

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// errProcLink reports a path that goes through one of procfs's "magic"
// links (a process's cwd, root, exe, open descriptors…), whose target
// depends on which process opens the path and when: the analysis cannot
// know where it leads, so the call is asked about.
var errProcLink = errors.New("it goes through a /proc link whose target is only known when the command runs")

// procSelf is the textual stand-in for /proc/self while resolving: the
// analysing process is not the one that will open the path, so
// /proc/self must not be read as corvid's own /proc/<pid>.
const procSelf = "/proc/self"

// procLinks are the magic links in a process's /proc directory, and
// procLinkDirs the directories there whose every entry is one (or, for
// task, holds some).
var (
	procLinks    = map[string]bool{"cwd": true, "root": true, "exe": true}
	procLinkDirs = map[string]bool{"fd": true, "map_files": true, "ns": true, "task": true}
)

// procStep resolves component c of a path below /proc, given the
// directory reached so far (done). handled is false when c is an ordinary
// name the caller resolves on the file system. selfCwd is the working
// directory of the process that will open the path ("" when unknown).
//
//   - /proc/self and /proc/thread-self stand for the opening process;
//     its root is "/" (it inherits corvid's), its cwd is selfCwd.
//   - every other magic link, of any process, is an error (ask).
func procStep(done, c, selfCwd string) (next string, handled bool, err error) {
	if done != "/proc" && !strings.HasPrefix(done, "/proc/") {
		return "", false, nil // every case below is /proc or below it (done is clean)
	}
	switch {
	case done == "/proc" && (c == "self" || c == "thread-self"):
		return procSelf, true, nil
	case done == procSelf && c == "root":
		return "/", true, nil
	case done == procSelf && c == "cwd" && selfCwd != "":
		return selfCwd, true, nil
	case isProcessDir(done) && procLinks[c],
		isProcessDir(filepath.Dir(done)) && procLinkDirs[filepath.Base(done)]:
		return "", true, fmt.Errorf("%w (%s/%s)", errProcLink, done, c)
	case done == procSelf || strings.HasPrefix(done, procSelf+"/"):
		return done + "/" + c, true, nil // not corvid's own files
	}
	return "", false, nil
}

// isProcessDir reports whether dir is /proc/self or /proc/<pid>.
func isProcessDir(dir string) bool {
	if dir == procSelf {
		return true
	}
	pid, ok := strings.CutPrefix(dir, "/proc/")
	return ok && pid != "" && strings.Trim(pid, "0123456789") == ""
}
