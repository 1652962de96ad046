package shelltest

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// Workers is how many jails a test runs commands on in parallel.
const Workers = 4

// Jails builds n jails under the test's temporary directories, or skips
// the test when they cannot be built here.
func Jails(tb testing.TB, n int) []*Jail {
	tb.Helper()
	var js []*Jail
	for range n {
		j, err := New(tb.TempDir())
		if errors.Is(err, ErrUnavailable) {
			tb.Skip(err)
		}
		if err != nil {
			tb.Fatal(err)
		}
		js = append(js, j)
	}
	return js
}

// shared are the jails of Shared, built once per test binary: building
// one copies a stub for every program on the host, which costs more
// than running a table of commands in it.
var shared struct {
	once  sync.Once
	dir   string
	jails []*Jail
	err   error
}

// Shared returns Workers jails built once per test binary, or skips tb
// when they cannot be built here. A jail runs one command at a time, so
// tests may share them; the package's TestMain calls RemoveShared.
func Shared(tb testing.TB) []*Jail {
	tb.Helper()
	shared.once.Do(buildShared)
	if errors.Is(shared.err, ErrUnavailable) {
		tb.Skip(shared.err)
	}
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	return shared.jails
}

func buildShared() {
	shared.dir, shared.err = os.MkdirTemp("", "shelltest-")
	for i := 0; shared.err == nil && i < Workers; i++ {
		dir := filepath.Join(shared.dir, strconv.Itoa(i))
		if shared.err = os.Mkdir(dir, 0o755); shared.err != nil {
			return
		}
		var j *Jail
		if j, shared.err = New(dir); shared.err == nil {
			shared.jails = append(shared.jails, j)
		}
	}
}

// RemoveShared deletes the jails Shared built, if any.
func RemoveShared() {
	if shared.dir != "" {
		_ = os.RemoveAll(shared.dir)
	}
}
