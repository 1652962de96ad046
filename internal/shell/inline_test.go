package shell

import (
	"reflect"
	"testing"
)

func TestCode(t *testing.T) {
	tests := []struct {
		cmd   string
		want  Code
		isRun bool
	}{
		{"eval ls -la", Code{Script: "ls -la", Known: true}, true},
		{"eval \"$X\"", Code{}, true},
		{"bash -c 'rm -rf x'", Code{Script: "rm -rf x", Known: true}, true},
		{"sh -ec 'ls' arg0", Code{Script: "ls", Known: true}, true},
		{"bash -o pipefail -c 'ls'", Code{Script: "ls", Known: true}, true},
		{"bash --norc -c ls", Code{Script: "ls", Known: true}, true},
		{"bash -c \"$CMD\"", Code{}, true},
		{"bash", Code{}, true},
		{"bash -s arg", Code{}, true},
		{"bash -", Code{}, true},
		{"zsh -c", Code{}, true},
		{"timeout 5 bash -c ls", Code{Script: "ls", Known: true}, true},
		{"xargs sh -c 'rm $0'", Code{}, true},
		{"bash script.sh", Code{}, false},
		{"bash -x script.sh arg", Code{}, false},
		{"ls -c", Code{}, false},
		{"$SHELL -c ls", Code{}, false},
	}
	for _, tt := range tests {
		a, err := Parse(tt.cmd)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.cmd, err)
		}
		got, ok := a.Commands[0].Code()
		if ok != tt.isRun || got != tt.want {
			t.Errorf("Code(%q) = %+v, %v; want %+v, %v", tt.cmd, got, ok, tt.want, tt.isRun)
		}
	}
}

func TestRawWords(t *testing.T) {
	a, err := Parse(`A=1 timeout -s KILL 5 nice "rm" -rf x`)
	if err != nil {
		t.Fatal(err)
	}
	c := a.Commands[0]
	var raw []string
	for _, w := range c.Raw {
		raw = append(raw, w.Text)
	}
	if want := []string{"timeout", "-s", "KILL", "5", "nice", "rm", "-rf", "x"}; !reflect.DeepEqual(raw, want) {
		t.Errorf("Raw = %q, want %q", raw, want)
	}
	if c.Name.Text != "rm" || len(c.Args) != 2 {
		t.Errorf("Name %q Args %v", c.Name.Text, c.Args)
	}
}

func TestIndirect(t *testing.T) {
	for cmd, want := range map[string]bool{"echo ${!x}": true, "echo ${x@P}": true, "echo ${x@Q}": false,
		"echo ${!pre*}": false, "echo ${!arr[@]}": false, "echo $x": false} {
		a, err := Parse(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if a.Indirect != want {
			t.Errorf("Indirect(%q) = %v, want %v", cmd, a.Indirect, want)
		}
	}
}
