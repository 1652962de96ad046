package shelltest

import (
	"errors"
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
