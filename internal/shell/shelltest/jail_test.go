package shelltest

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestJailRecords checks that the jail records programs found on PATH,
// absolute names, names no stub covers, programs started in the
// background, and repairs a stub a command overwrote.
func TestJailRecords(t *testing.T) {
	j := Jails(t, 1)[0]
	ctx := context.Background()
	for _, c := range []struct {
		command string
		want    []string
	}{
		{"ls -la 'a b'", []string{`["/stubs/ls" "-la" "a b"]`}},
		{"/bin/rm -rf /", []string{`["/bin/rm" "-rf" "/"]`}},
		{"nosuchprog y", []string{`["nosuchprog" "y"] not found`}},
		{"cat <(sleep 0; rm x) & wait", []string{`["/stubs/cat" "/dev/fd/63"]`, `["/stubs/rm" "x"]`, `["/stubs/sleep" "0"]`}},
		{"(sleep 0; rm y) & ls 2>/dev/null >/dev/null", []string{`["/stubs/ls"]`, `["/stubs/rm" "y"]`, `["/stubs/sleep" "0"]`}},
		{"echo x > /bin/ls; ls", []string{`["x"] not found`}},
		{"ls a", []string{`["/stubs/ls" "a"]`}},
		{"echo $HOME $PWD $PATH", []string{}},
	} {
		res, err := j.Run(ctx, c.command, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		got := []string{}
		for _, x := range res.Execs {
			s := x.String()
			if x.NotFound {
				s += " not found"
			}
			got = append(got, s)
		}
		slices.Sort(got)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q ran %v, want %v (output %q)", c.command, got, c.want, res.Output)
		}
	}
}

// TestJailTimeout checks that a command that never ends is stopped.
func TestJailTimeout(t *testing.T) {
	j := Jails(t, 1)[0]
	res, err := j.Run(context.Background(), "while :; do :; done & ls; wait", 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || len(res.Execs) != 1 {
		t.Errorf("timed out %v, ran %v; want a timeout after one ls", res.TimedOut, res.Execs)
	}
}
