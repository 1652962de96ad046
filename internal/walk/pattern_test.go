package walk

import (
	"strings"
	"testing"
)

// verdictOf parses line as a rule of an ignore file at the top of a tree
// and returns its verdict on the slash path rel (a trailing slash marks a
// directory). A line that gives no rule yields None.
func verdictOf(line, rel string) Verdict {
	r, ok := parseRule(line, 0)
	if !ok {
		return None
	}
	isDir := strings.HasSuffix(rel, "/")
	return r.match(strings.Split(strings.TrimSuffix(rel, "/"), "/"), isDir)
}

func TestRuleMatch(t *testing.T) {
	const (
		N = None
		E = Exclude
		I = Include
	)
	tests := []struct {
		line, path string
		want       Verdict
	}{
		// Names match at any depth; negation re-includes.
		{"*.log", "a.log", E},
		{"*.log", "x/y/a.log", E},
		{"*.log", "a.log.txt", N},
		{"!*.log", "x/a.log", I},
		{"build", "build/", E},
		{"build", "src/build", E},
		{"build", "builds", N},
		// A trailing slash: directories only.
		{"build/", "build/", E},
		{"build/", "build", N},
		{"build/", "src/build/", E},
		{"!tmp/", "tmp/", I},
		// A slash at the start or in the middle anchors the pattern.
		{"/build", "build/", E},
		{"/build", "src/build/", N},
		{"src/build", "src/build", E},
		{"src/build", "x/src/build", N},
		{"src/*.go", "src/a.go", E},
		{"src/*.go", "src/gen/a.go", N}, // a star stops at slashes
		{"src/?.go", "src/a.go", E},
		{"src/a?b", "src/a/b", N},
		{"/src/gen/", "src/gen/", E},
		{"/src/gen/", "src/gen", N},
		{"docs/*/", "docs/api/", E},
		{"docs/*/", "docs/api", N},
		// "**" segments.
		{"**/foo", "foo", E},
		{"**/foo", "a/b/foo", E},
		{"**/foo/bar", "foo/bar", E},
		{"**/foo/bar", "x/foo/bar", E},
		{"**/foo/bar", "x/foo/baz", N},
		{"foo/**", "foo/a", E},
		{"foo/**", "foo/a/b", E},
		{"foo/**", "foo", N}, // what is inside, not the directory itself
		{"foo/**/", "foo/a/", E},
		{"foo/**/", "foo/a", N},
		{"a/**/b", "a/b", E},
		{"a/**/b", "a/x/b", E},
		{"a/**/b", "a/x/y/z/b", E},
		{"a/**/b", "a/x/y/z/c", N},
		{"a/**/**/b", "a/b", E},
		{"a/**/**/b", "a/x/y/b", E},
		{"**/**", "x", E},
		{"docs/**/*.md", "docs/a.md", E},
		{"docs/**/*.md", "docs/x/y/a.md", E},
		{"docs/**/*.md", "other/a.md", N},
		{"a**b/c", "axxb/c", E}, // not a whole segment: a plain star
		{"a**b/c", "ax/yb/c", N},
		{"**", "anything", E},
		{"/**", "a", E},
		// Classes.
		{"[abc].c", "b.c", E},
		{"[!abc].c", "b.c", N},
		{"[!abc].c", "d.c", E},
		{"[^abc].c", "d.c", E},
		{"[a-z][0-9].o", "q7.o", E},
		{"[a-z][0-9].o", "Q7.o", N},
		{"x/[[:digit:]]*", "x/2024", E},
		// Escapes, comments and spaces.
		{"#comment", "#comment", N},
		{`\#hash`, "#hash", E},
		{`\!bang`, "!bang", E},
		{"!bang", "bang", I},
		{`!\!bang`, "!bang", I},
		{"foo ", "foo", E},
		{"foo   ", "foo", E},
		{`foo\ `, "foo ", E},
		{`foo\ `, "foo", N},
		{`foo\  `, "foo ", E},
		{`foo\ \ `, "foo  ", E},
		{"foo\t", "foo\t", E}, // tabs are kept
		{" foo", " foo", E},
		{"   ", "x", N},
		{"/", "x/", N},
		{"!", "x", N},
		{"", "x", N},
		{`a\`, "a", N},
		{`\*.c`, "*.c", E},
		{`\*.c`, "x.c", N},
		// Literal fast paths.
		{"Makefile", "Makefile", E},
		{"Makefile", "makefile", N},
		{".env", "sub/.env", E},
		{"/.env", "sub/.env", N},
	}
	for _, tt := range tests {
		if got := verdictOf(tt.line, tt.path); got != tt.want {
			t.Errorf("rule %q on %q: got %v, want %v", tt.line, tt.path, got, tt.want)
		}
	}
}

// TestRuleDepth checks that an anchored rule matches the path below its
// own directory and that a name rule ignores the depth.
func TestRuleDepth(t *testing.T) {
	anchored, _ := parseRule("gen/*.go", 2)
	name, _ := parseRule("*.go", 2)
	tests := []struct {
		r     rule
		path  string
		isDir bool
		want  Verdict
	}{
		{anchored, "/home/p/gen/a.go", false, Exclude},
		{anchored, "/home/p/x/gen/a.go", false, None},
		{anchored, "/home/gen/a.go", false, None},
		{anchored, "/home", true, None},
		{name, "/home/p/deep/er/a.go", false, Exclude},
		{name, "/a.go", false, Exclude},
	}
	for _, tt := range tests {
		if got := tt.r.match(components(tt.path), tt.isDir); got != tt.want {
			t.Errorf("%+v on %q: got %v, want %v", tt.r, tt.path, got, tt.want)
		}
	}
}

func TestTrimTrailingSpaces(t *testing.T) {
	tests := map[string]string{
		"a":       "a",
		"a  ":     "a",
		`a\ `:     `a\ `,
		`a\  `:    `a\ `,
		`a \ `:    `a \ `,
		`a\`:      `a\`,
		"a \t":    "a \t",
		"  ":      "",
		`a\\  `:   `a\\`,
		"a b   ":  "a b",
		`\ \ \  `: `\ \ \ `,
	}
	for in, want := range tests {
		if got := trimTrailingSpaces(in); got != want {
			t.Errorf("trimTrailingSpaces(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkRuleSetMatch(b *testing.B) {
	var list []rule
	for _, line := range []string{"*.log", "/build/", "node_modules/", "src/**/*.gen.go", "!keep.log", "*.[oa]"} {
		r, _ := parseRule(line, 3)
		list = append(list, r)
	}
	rs := &ruleSet{inGit: true, git: list}
	for b.Loop() {
		rs.match("/home/user/project/src/internal/walk/walker_test.go", false)
	}
}
