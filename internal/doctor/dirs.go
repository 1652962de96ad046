package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// minFree is the free space below which a directory gets a warning: the
// spill reserve corvid keeps for transcripts (CORVID_SPILL_RESERVE_BYTES'
// default).
const minFree = 64 << 20

// dirChecks checks that corvid's state directory and this directory's
// session directory can be written and have room. A directory that does
// not exist yet is fine when the nearest existing ancestor is writable:
// corvid creates it on first use.
func dirChecks(o Options) []Check {
	s := o.Setup
	if s.ConfigDirErr != nil {
		return []Check{{Name: "config dir", Status: StatusFail, Detail: s.ConfigDirErr.Error()}}
	}
	return []Check{dirCheck("config dir", s.ConfigDir), dirCheck("session dir", s.SessionDir)}
}

func dirCheck(name, dir string) Check {
	existing, err := nearestExisting(dir)
	if err != nil {
		return Check{Name: name, Status: StatusFail, Detail: fmt.Sprintf("%s: %v", dir, err)}
	}
	if err := probeWrite(existing); err != nil {
		return Check{Name: name, Status: StatusFail, Detail: fmt.Sprintf("%s: not writable: %v", dir, err)}
	}
	where := dir
	if existing != dir {
		where += " (not created yet; corvid creates it on first use)"
	}
	free, err := freeBytes(existing)
	switch {
	case errors.Is(err, errFreeUnknown):
		return Check{Name: name, Status: StatusOK, Detail: where + ", writable; free space unknown on this system"}
	case err != nil:
		return Check{Name: name, Status: StatusWarn, Detail: fmt.Sprintf("%s, writable; free space: %v", where, err)}
	case free < minFree:
		return Check{Name: name, Status: StatusWarn, Detail: fmt.Sprintf(
			"%s, writable, but only %s free: corvid spills no tool output below %s", where, size(free), size(minFree))}
	}
	return Check{Name: name, Status: StatusOK, Detail: fmt.Sprintf("%s, writable, %s free", where, size(free))}
}

// nearestExisting is dir, or its closest ancestor that exists; it must be
// a directory.
func nearestExisting(dir string) (string, error) {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		switch {
		case err == nil && info.IsDir():
			return d, nil
		case err == nil:
			return "", fmt.Errorf("%s is not a directory", d)
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		case filepath.Dir(d) == d:
			return "", err
		}
	}
}

// probeWrite creates and removes a temporary file in dir.
func probeWrite(dir string) error {
	f, err := os.CreateTemp(dir, ".corvid-doctor-*")
	if err != nil {
		return err
	}
	name := f.Name()
	cerr := f.Close()
	return errors.Join(cerr, os.Remove(name))
}

func size(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
