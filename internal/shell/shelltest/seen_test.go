package shelltest

import (
	"testing"

	"corvid/internal/shell"
)

// TestUnseen checks the matcher between the programs bash ran and the
// analysis: exact static words, wild dynamic words, wrappers both ways,
// and a program the analysis never saw.
func TestUnseen(t *testing.T) {
	for _, c := range []struct {
		command string
		run     Exec
		seen    bool
	}{
		{"ls -la", Exec{Path: "/stubs/ls", Args: []string{"-la"}}, true},
		{"ls -la", Exec{Path: "/stubs/ls", Args: []string{"-l"}}, false},
		{"ls -la", Exec{Path: "/stubs/rm", Args: []string{"-la"}}, false},
		{"/bin/ls x", Exec{Path: "/bin/ls", Args: []string{"x"}}, true},
		{"timeout 5 ls x", Exec{Path: "/stubs/timeout", Args: []string{"5", "ls", "x"}}, true},
		{"command ls x", Exec{Path: "/stubs/ls", Args: []string{"x"}}, true},
		{"ls $x y", Exec{Path: "/stubs/ls", Args: []string{"a", "b", "y"}}, true},
		{"ls $x y", Exec{Path: "/stubs/ls", Args: []string{"y"}}, true},
		{"ls $x y", Exec{Path: "/stubs/ls", Args: []string{"a", "b"}}, false},
		{"ls *.go", Exec{Path: "/stubs/ls"}, true},
		{"echo rm x", Exec{Path: "/stubs/rm", Args: []string{"x"}}, false},
		{"cat <<EOF\nx\nEOF", Exec{Path: "/stubs/cat"}, true},
		{"echo $(ls -a)", Exec{Path: "/stubs/ls", Args: []string{"-a"}}, true},
		{"ls | xargs cat", Exec{Path: "/stubs/xargs", Args: []string{"cat"}}, true},
		{"ls", Exec{Path: "ls\r", NotFound: true}, false},
		// Tilde expansion: bash passes HOME (/home in the jail).
		{"git status ~", Exec{Path: "/stubs/git", Args: []string{"status", "/home"}}, true},
		{"ls ~/x", Exec{Path: "/stubs/ls", Args: []string{"/home/x"}}, true},
		{"ls ~/x", Exec{Path: "/stubs/ls", Args: []string{"/etc/x"}}, false},
		{"ls ~root/x", Exec{Path: "/stubs/ls", Args: []string{"/root/x"}}, true},
		{"env P=~/a:~/b ls", Exec{Path: "/stubs/env", Args: []string{"P=/home/a:/home/b", "ls"}}, true},
		{"ls --f=~/x", Exec{Path: "/stubs/ls", Args: []string{"--f=/home/x"}}, false},
	} {
		a, err := shell.Parse(c.command)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(Unseen(a, []Exec{c.run})) == 0; got != c.seen {
			t.Errorf("%q ran %v: seen %v, want %v", c.command, c.run, got, c.seen)
		}
	}
}
