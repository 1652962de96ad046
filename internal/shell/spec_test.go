package shell

import (
	"slices"
	"testing"
)

// TestTableUnknownOption: an option missing from a read-only command's
// entry makes the command not read-only; the options it lists keep it
// read-only, wherever they stand (GNU permutation) and in every
// spelling (clusters, attached values, --name=value).
func TestTableUnknownOption(t *testing.T) {
	cases := []struct {
		cmd  string
		want bool
	}{
		{"cat -n a", true}, {"cat --foo a", false}, {"cat a -A", true}, {"cat -nQ a", false},
		{"ls -la --color=auto x", true}, {"ls --colr x", false}, {"ls -w80 -T 4 x", true}, {"ls -% x", false},
		{"grep -rn -A 3 --include=*.go x .", true}, {"grep --pre=x y", false}, {"grep -X y", false},
		{"head -n 5 a", true}, {"head -5 a", true}, {"head --lines=5 a", true}, {"head --lin=5 a", false},
		{"wc -l a", true}, {"wc --files0-from=x", false}, {"wc -lQ a", false},
		{"sort -k2,2 -t: -rn a", true}, {"sort -o out a", false}, {"sort --output=out a", false},
		{"sort --compress-program=sh a", false}, {"sort -T /tmp a", false},
		{"tail -f -n 20 log", true}, {"du -sh .", true}, {"du --exclude-from=x .", true},
		{"diff -u a b", true}, {"diff --paginate a b", false}, {"rg --pre sh x", false}, {"rg -uu x", true},
		{"tree -o out", false}, {"tree -L 2", true}, {"file -C", false}, {"xxd a b", false}, {"uniq a b", false},
		{"date -d yesterday +%s", true}, {"date -s 2020", false}, {"date 0101", false},
		{"ls \"$x\"", true}, {"wc \"$x\"", false}, {"sort $opts a", false}, {"head -n \"$N\" a", true},
	}
	for _, tc := range cases {
		if got := ReadOnly(tc.cmd); got != tc.want {
			t.Errorf("ReadOnly(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

// TestTableFiles: the table says which operands and option values are
// files, and how they are used.
func TestTableFiles(t *testing.T) {
	cases := []struct {
		cmd   string
		paths []string // operands that are files
		files []string // option values that are files
	}{
		{"grep -n pat a b", []string{"a", "b"}, nil},
		{"grep -e pat a", []string{"a"}, nil},
		{"grep -f pats a", []string{"a"}, []string{"pats"}},
		{"grep -A 3 pat a", []string{"a"}, nil},
		{"sort -o out -k 2 in", []string{"in"}, []string{"out"}},
		{"cp -t dir a b", []string{"a", "b"}, []string{"dir"}},
		{"cp --target-directory=dir a", []string{"a"}, []string{"dir"}},
		{"chmod 644 a", []string{"a"}, nil},
		{"chmod --reference=r a", []string{"a"}, []string{"r"}},
		{"git -C sub diff --output=o x", []string{"sub", "x"}, []string{"sub", "o"}},
		{"cat --nonsense a", []string{"a"}, nil},
		{"rg --files /etc", []string{"/etc"}, nil},
	}
	for _, tc := range cases {
		a, err := Parse(tc.cmd)
		if err != nil {
			t.Fatal(err)
		}
		c := a.Commands[0]
		ps, ok := c.OperandPaths()
		var paths, files []string
		for _, p := range ps {
			paths = append(paths, p.Word.Text)
		}
		for _, f := range c.OptionFiles() {
			files = append(files, f.Value.Text)
		}
		if !ok || !slices.Equal(paths, tc.paths) || !slices.Equal(files, tc.files) {
			t.Errorf("%q: paths %q files %q (known %v), want %q and %q", tc.cmd, paths, files, ok, tc.paths, tc.files)
		}
	}
}

// TestTableWrappers: a wrapper is stripped only with options its entry
// lists; xargs with known options appends arguments at run time.
func TestTableWrappers(t *testing.T) {
	cases := []struct {
		cmd, name string
		more      bool
	}{
		{"timeout -s KILL 5 ls", "ls", false},
		{"timeout --bogus 5 ls", "timeout", false},
		{"nice -n 5 ls", "ls", false},
		{"env -i A=1 ls", "ls", false},
		{"env -S 'ls x'", "env", false},
		{"xargs -0 -n 1 wc -l", "wc", true},
		{"xargs -a list cat", "xargs", false},
		{"xargs -I{} cat {}", "xargs", false},
		{"sudo ls", "sudo", false},
	}
	for _, tc := range cases {
		a, err := Parse(tc.cmd)
		if err != nil {
			t.Fatal(err)
		}
		if c := a.Commands[0]; c.Name.Text != tc.name || c.MoreArgs != tc.more {
			t.Errorf("%q: name %q more %v, want %q %v", tc.cmd, c.Name.Text, c.MoreArgs, tc.name, tc.more)
		}
	}
	if !RunsCommand("sudo") || !RunsCommand("xargs") || RunsCommand("cat") {
		t.Error("RunsCommand disagrees with the table")
	}
}

// TestAwkPrograms: an awk program is read-only only when the scan can
// show it does nothing but read its input and print; a '/' whose
// meaning differs between awks (after a keyword or ++) is refused, so a
// misread regular expression cannot hide a redirection.
func TestAwkPrograms(t *testing.T) {
	cases := []struct {
		prog string
		want bool
	}{
		{`{print $1}`, true}, {`NR>1{n++} END{print n}`, true}, {`/a|b/ {print}`, true},
		{`$1 ~ /x/ { if ($2 > 3) print $3 / 2 }`, true}, {`{ s = s "x" } END { print s }`, true},
		{`{print > "f"}`, false}, {`{print | "sh"}`, false}, {`{system("id")}`, false},
		{`{"date" | getline d}`, false}, {`BEGIN{ARGV[1]="/etc/passwd"; ARGC=2}`, false},
		{`{ x++ / 2; print > "f"; y = 1 / 2 }`, false}, {"{ print /#/ > \"f\"\n}", false},
		{`{ x ~ /}/; print > "f"; y ~ /{/ }`, false}, {`{ print /[/]/ }`, false}, {`@load "x"`, false},
		{`{ f = "system"; @f("id") }`, false}, {`{print "a" # > "f"` + "\n}", false}, {`{print`, false},
	}
	for _, tc := range cases {
		if got := awkUnsafe(tc.prog) == ""; got != tc.want {
			t.Errorf("awkUnsafe(%q) = %q, want safe=%v", tc.prog, awkUnsafe(tc.prog), tc.want)
		}
	}
}
