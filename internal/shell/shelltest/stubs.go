package shelltest

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"
)

// writeStubs (re)writes the stubs.
func (j *Jail) writeStubs() error {
	for _, n := range j.names {
		p := j.path("/s/" + n)
		if err := os.WriteFile(p, []byte(stubScript), 0o755); err != nil {
			return err
		}
		if err := os.Chtimes(p, stubTime, stubTime); err != nil {
			return err
		}
	}
	return nil
}

// stubTime is the stubs' modification time: a command that writes one
// changes it.
var stubTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// repair rewrites the stubs when a command changed them (a bash
// redirection can overwrite a stub or add a file), so the next command
// meets the same jail.
func (j *Jail) repair() error {
	ents, err := os.ReadDir(j.path("/s"))
	if err != nil {
		return err
	}
	changed := len(ents) != len(j.names)
	for _, e := range ents {
		info, err := e.Info()
		if err != nil || !info.ModTime().Equal(stubTime) {
			changed = true
			break
		}
	}
	if !changed {
		return nil
	}
	if err := os.RemoveAll(j.path("/s")); err != nil {
		return err
	}
	if err := os.MkdirAll(j.path("/s"), 0o755); err != nil {
		return err
	}
	return j.writeStubs()
}

// devices makes /dev/null, /dev/zero and /dev/full, so redirections to
// them work. There is no /proc, hence no /dev/fd: a process
// substitution still runs its commands, but the name it expands to
// cannot be opened.
func (j *Jail) devices() error {
	if err := os.MkdirAll(j.path("/dev"), 0o755); err != nil {
		return err
	}
	for name, minor := range map[string]int{"null": 3, "zero": 5, "full": 7} {
		dev := 1<<8 | minor // major 1 (memory devices)
		if err := syscall.Mknod(j.path("/dev/"+name), syscall.S_IFCHR|0o666, dev); err != nil {
			return fmt.Errorf("mknod /dev/%s: %w", name, err)
		}
	}
	return nil
}

// hostNames are the program names on the host, which get stubs.
func hostNames() ([]string, error) {
	seen := map[string]bool{}
	var names []string
	for _, d := range []string{"/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin"} {
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n := e.Name(); !seen[n] && !strings.ContainsAny(n, "/\x00") {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return nil, errors.New("no programs on the host")
	}
	return names, nil
}
