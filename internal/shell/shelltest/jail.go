// Package shelltest runs Bash command lines the way the Bash tool does
// (`bash --norc --noprofile -c`) inside a throw-away jail where every
// program is a recording stub, so a test can compare what Bash really
// tried to run with what internal/shell's analysis saw. It is used only
// by tests: the differential harness and FuzzBashDecision.
//
// The jail is a chroot holding a copy of bash and of /bin/sh (under
// /.sh, for the harness and the stubs' #! line), their libraries, and one
// stub per program name found on the host in /s, which the PATH
// directory /stubs and /bin, /usr/bin, /sbin, /usr/sbin and
// /usr/local/bin all link to, so absolute names such as /bin/rm or
// /usr/bin/bash run a stub too. Each command runs in
// new network, IPC, UTS and mount namespaces and a process group of its
// own; the run waits for the whole group (background stubs included)
// and its timeout kills the group. A
// name that no stub covers reaches command_not_found_handle, defined in
// the BASH_ENV file, which records it the same way.
package shelltest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ErrUnavailable is returned by New when the jail cannot be built here:
// no bash, not root, or no namespaces.
var ErrUnavailable = errors.New("shelltest: differential jail unavailable")

// Bash is the host's bash.
const Bash = "/usr/bin/bash"

// jailBash is the copy of bash in the jail.
const jailBash = "/.sh/bash"

// stubScript records its own path and arguments, NUL-separated, in a
// file of its own under /log, using /bin/sh builtins only (no PATH).
const stubScript = "#!/.sh/sh\nprintf '%s\\0' \"$0\" \"$@\" > /log/x$$\n"

// bashEnv records a name that no stub covers; "?" marks it not found.
const bashEnv = "command_not_found_handle() { printf '%s\\0' \"?$1\" \"${@:2}\" > /log/n$BASHPID; return 127; }\n"

// stubDirs link to /s, the stubs.
var stubDirs = []string{"/stubs", "/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin"}

// Jail is one chroot. Its Run calls are serialised: run several jails to
// run commands in parallel.
type Jail struct {
	root  string
	names []string // the stubs in /s
	mu    sync.Mutex
}

// New builds a jail under dir (which must exist and be empty).
func New(dir string) (*Jail, error) {
	if os.Geteuid() != 0 {
		return nil, fmt.Errorf("%w: not root", ErrUnavailable)
	}
	if _, err := os.Stat(Bash); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	j := &Jail{root: dir}
	if err := j.build(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	// A container may refuse chroot or new namespaces even to root.
	if _, err := j.Run(context.Background(), "true", 10*time.Second); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return j, nil
}

func (j *Jail) build() error {
	names, err := hostNames()
	if err != nil {
		return err
	}
	j.names = names
	for _, d := range []string{"/s", "/usr/local", "/log", "/work", "/home", "/etc", "/tmp"} {
		if err := os.MkdirAll(j.path(d), 0o755); err != nil {
			return err
		}
	}
	for _, d := range stubDirs {
		if err := os.Symlink("/s", j.path(d)); err != nil {
			return err
		}
	}
	if err := j.writeStubs(); err != nil {
		return err
	}
	if err := os.WriteFile(j.path("/etc/harness.bash"), []byte(bashEnv), 0o644); err != nil {
		return err
	}
	if err := j.devices(); err != nil {
		return err
	}
	for dst, src := range map[string]string{jailBash: Bash, "/.sh/sh": "/bin/sh"} {
		if err := j.copyProgram(src, dst); err != nil {
			return err
		}
	}
	return nil
}

// copyProgram copies the program src to dst in the jail, with the
// libraries ldd lists for it.
func (j *Jail) copyProgram(src, dst string) error {
	if err := copyFile(src, j.path(dst)); err != nil {
		return err
	}
	out, err := exec.Command("ldd", src).Output()
	if err != nil {
		return fmt.Errorf("ldd %s: %w", src, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "/") {
				if err := copyFile(f, j.path(f)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	_ = os.Remove(dst)
	return os.WriteFile(dst, data, 0o755)
}

func (j *Jail) path(p string) string { return filepath.Join(j.root, p) }
