package shell

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// names lists each command as "wrappers|name args…" for compact
// comparison.
func names(a *Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		s := c.Name.Text
		for _, arg := range c.Args {
			s += " " + arg.Text
		}
		if len(c.Wrappers) > 0 {
			s = strings.Join(c.Wrappers, ",") + "|" + s
		}
		if c.Nested {
			s = "nested:" + s
		}
		out = append(out, s)
	}
	return out
}

func TestParseCommands(t *testing.T) {
	cases := []struct {
		cmd  string
		want []string
	}{
		{"ls -l", []string{"ls -l"}},
		{"a && b || c; d | e |& f & g", []string{"a", "b", "c", "d", "e", "f", "g"}},
		{"echo $(rm x) `pwd`", []string{"echo $(rm x) `pwd`", "nested:rm x", "nested:pwd"}},
		{"cat <(ls) >(wc)", []string{"cat <(ls) >(wc)", "nested:ls", "nested:wc"}},
		{"timeout -k 2 5 nice -n 3 nohup ls", []string{"timeout,nice,nohup|ls"}},
		{"time -p ls", []string{"ls"}},
		{"\\time -p ls", []string{"time|ls"}},
		{"env -i A=1 B=2 ls -a", []string{"env|ls -a"}},
		{"env A=1", []string{"env A=1"}},
		{"command -v ls", []string{"command -v ls"}},
		{"command ls", []string{"command|ls"}},
		{"xargs grep x", []string{"xargs|grep x"}},
		{"xargs -0 grep x", []string{"xargs|grep x"}}, // the table knows xargs -0
		{"xargs -I{} grep x", []string{"xargs -I{} grep x"}},
		{"timeout ls", []string{"timeout ls"}},
		{"nice", []string{"nice"}},
		{"echo 'a b' \"c d\" e\\ f \\*", []string{"echo a b c d e f *"}},
		{"x=1 y=2", []string{""}},
		{"export A=1 B", []string{"export B"}},
		{"[[ -f x ]]", []string{"[["}},
		{"if a; then b; elif c; then d; else e; fi", []string{"a", "b", "c", "d", "e"}},
		{"for i in 1 2; do x $i; done", []string{"x $i"}},
		{"f() { inner; }", []string{"inner"}},
	}
	for _, tc := range cases {
		a, err := Parse(tc.cmd)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.cmd, err)
			continue
		}
		if got := names(a); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q) commands = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

func TestParseWords(t *testing.T) {
	a, err := Parse(`cmd lit 'sq' "dq" "$v" $'\n' *.go {a,b} HEAD@{1} ~/x "a\$b" [`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Word{
		{Text: "lit"}, {Text: "sq"}, {Text: "dq"}, {Text: `"$v"`, Dynamic: true},
		{Text: `$'\n'`, Dynamic: true}, {Text: "*.go", Glob: true}, {Text: "{a,b}", Glob: true},
		{Text: "HEAD@{1}"}, {Text: "~/x"}, {Text: "a$b"}, {Text: "["},
	}
	if got := a.Commands[0].Args; !reflect.DeepEqual(got, want) {
		t.Errorf("words:\n got %+v\nwant %+v", got, want)
	}
}

func TestParseAssignsAndRedirects(t *testing.T) {
	a, err := Parse(`A=1 B="$(pwd)" env C=3 ls 2>&1 > out <in >>app &>/dev/null <<<"s"`)
	if err != nil {
		t.Fatal(err)
	}
	c := a.Commands[0]
	var as []string
	for _, x := range c.Assigns {
		as = append(as, x.Name+"="+x.Value.Text)
	}
	if want := []string{"A=1", `B="$(pwd)"`, "C=3"}; !reflect.DeepEqual(as, want) {
		t.Errorf("assigns = %q, want %q", as, want)
	}
	var rs []string
	for _, r := range a.Redirects {
		rs = append(rs, r.Fd+r.Op+r.Target.Text)
	}
	if want := []string{"2>&1", ">out", "<in", ">>app", "&>/dev/null", "<<<s"}; !reflect.DeepEqual(rs, want) {
		t.Errorf("redirects = %q, want %q", rs, want)
	}
	if len(a.Substs) != 1 || a.Substs[0].Kind != "$(" || a.Substs[0].Source != "$(pwd)" {
		t.Errorf("substs = %+v", a.Substs)
	}
}

func TestParseErrors(t *testing.T) {
	if _, err := Parse(`ls "`); err == nil {
		t.Error("unterminated quote parsed")
	}
	if _, err := Parse(strings.Repeat("x", MaxLength+1)); !errors.Is(err, ErrTooLong) {
		t.Errorf("long command: err = %v, want ErrTooLong", err)
	}
}

func TestLast(t *testing.T) {
	cases := []struct {
		cmd, want string
		ok        bool
	}{
		{"grep x f", "grep", true},
		{"ls | grep x", "grep", true},
		{"grep x f | head", "head", true},
		{"cd d && git diff", "git", true},
		{"a; b || find .", "find", true},
		{"timeout 5 grep x", "grep", true},
		{"[[ -f x ]]", "[[", true},
		{"(ls; diff a b)", "diff", true},
		{"! grep x", "", false},
		{"grep x &", "", false},
		{"for i in 1; do grep x; done", "", false},
		{"", "", false},
	}
	for _, tc := range cases {
		a, err := Parse(tc.cmd)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.cmd, err)
		}
		c, ok := a.Last()
		if ok != tc.ok || c.Name.Text != tc.want {
			t.Errorf("Last(%q) = %q, %v; want %q, %v", tc.cmd, c.Name.Text, ok, tc.want, tc.ok)
		}
	}
}

func TestChangesDir(t *testing.T) {
	for cmd, want := range map[string]bool{"cd x": true, "ls && pushd y": true, "popd": true,
		"ls": false, "echo cd": false, "(cd x)": true} {
		a, err := Parse(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if a.ChangesDir != want {
			t.Errorf("ChangesDir(%q) = %v, want %v", cmd, a.ChangesDir, want)
		}
	}
}

func TestDestructive(t *testing.T) {
	cases := []struct {
		cmd  string
		want bool
	}{
		{"rm -rf build", true},
		{"ls && rmdir x", true},
		{"mv a b", true},
		{"dd if=/dev/zero of=x", true},
		{"mkfs.ext4 /dev/sdb", true},
		{"find . -name '*.o' -delete", true},
		{"git reset --hard HEAD~1", true},
		{"git clean -fd", true},
		{"git checkout -- .", true},
		{"git restore f.go", true},
		{"git restore --staged f.go", false},
		{"git push --force", true},
		{"git -C x reset --hard", true},
		{"git branch -D feat", true},
		{"git stash drop", true},
		{"sudo rm x", true},
		{"echo $(rm x)", true},
		{"timeout 5 rm x", true},
		{"ls -la", false},
		{"git status", false},
		{"git reset HEAD f", false},
		{"echo rm", false},
		{"ls \"", false},
	}
	for _, tc := range cases {
		if got := Destructive(tc.cmd); got != tc.want {
			t.Errorf("Destructive(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
