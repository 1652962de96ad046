package permission

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPattern(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"npm run test", "npm run test", true},
		{"npm run test", "npm run test x", false},
		{"npm run test *", "npm run test", true},
		{"npm run test *", "npm run test --watch", true},
		{"npm run test *", "npm run testing", false},
		{"npm run test:*", "npm run test", true},
		{"npm run test:*", "npm run test:unit", false},
		{"npm run test:*", "npm run test x", true},
		{"ls*", "lsof", true},
		{"ls *", "lsof", false},
		{"* --version", "node --version", true},
		{"* --version", "--version", false},
		{"git * main", "git push origin main", true},
		{"git * main", "git main", false},
		{"*", "", true},
		{`echo \*`, "echo *", true},
		{`echo \*`, "echo x", false},
		{`echo \(x\)`, "echo (x)", true},
		{"a  b", "a b", true},
		{"a*b*c", "abc", true},
		{"a*b*c", "acb", false},
		{"aa*aa", "aaa", false},
	}
	for _, tt := range tests {
		if got := compilePattern(tt.pattern).match(tt.s); got != tt.want {
			t.Errorf("pattern %q match %q = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func TestDomain(t *testing.T) {
	tests := []struct {
		pattern, host string
		want          bool
	}{
		{"example.com", "example.com", true},
		{"Example.COM", "example.com", true},
		{"example.com", "www.example.com", false},
		{"*.example.com", "www.example.com", true},
		{"*.example.com", "a.b.example.com", true},
		{"*.example.com", "example.com", false},
		{"*.example.com", "badexample.com", false},
		{"api.*.example.com", "api.eu.example.com", true},
		{"api.*.example.com", "api.a.b.example.com", false},
		{"*", "anything.org", true},
		{"example.com.", "example.com", true},
	}
	for _, tt := range tests {
		p, err := compileDomain(tt.pattern)
		if err != nil {
			t.Fatalf("%q: %v", tt.pattern, err)
		}
		if got := p.match(tt.host); got != tt.want {
			t.Errorf("domain %q match %q = %v, want %v", tt.pattern, tt.host, got, tt.want)
		}
	}
	for _, raw := range []string{"https://User@Evil.COM.:443/x", "http://evil.com"} {
		if h, err := urlHost(raw); err != nil || h != "evil.com" {
			t.Errorf("urlHost(%q) = %q, %v", raw, h, err)
		}
	}
}

func TestResolve(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b")
	mk("other")
	link("a/b", "ab")             // relative
	link(root+"/other", "abs")    // absolute
	link("loop2", "loop1")        // a loop
	link("loop1", "loop2")        //
	link("missing/x", "dangle")   // dangling
	link("../../other", "a/b/up") // climbs
	tests := []struct {
		in, want string
		err      bool
	}{
		{"/ab/c", "/a/b/c", false},
		{"/abs/f", "/other/f", false},
		{"/ab/../x", "/a/x", false}, // ".." applies after the link
		{"/a/b/up/../f", "/f", false},
		{"/dangle", "/missing/x", false},
		{"/nope/../a", "/a", false},
		{"/loop1/x", "", true},
	}
	for _, tt := range tests {
		got, err := resolve(root + tt.in)
		if (err != nil) != tt.err || (!tt.err && got != root+tt.want) {
			t.Errorf("resolve(%q) = %q, %v; want %q (error %v)", tt.in, strings.TrimPrefix(got, root), err, tt.want, tt.err)
		}
	}
	if _, err := newFSPath("rel/path", ""); err == nil {
		t.Error("a relative path must not resolve")
	}
	if _, err := newFSPath("/"+strings.Repeat("x", maxPathLen), ""); err == nil {
		t.Error("an over-long path must not resolve")
	}
}

func TestWithin(t *testing.T) {
	tests := []struct {
		dir, p string
		want   bool
	}{
		{"/home/me/proj", "/home/me/proj", true},
		{"/home/me/proj", "/home/me/proj/x", true},
		{"/home/me/proj", "/home/me/proj-evil", false},
		{"/home/me/proj", "/home/me/projx/y", false},
		{"/home/me/proj", "/home/me", false},
		{"/", "/anything", true},
	}
	for _, tt := range tests {
		if got := within(tt.dir, tt.p); got != tt.want {
			t.Errorf("within(%q, %q) = %v, want %v", tt.dir, tt.p, got, tt.want)
		}
	}
}

func TestProtected(t *testing.T) {
	for p, want := range map[string]bool{
		"/r/.git/config": true, "/r/.GIT/hooks/x": true, "/r/.claude/settings.json": true,
		"/r/.claude/worktrees/w/a.go": false, "/r/.claude/worktrees/w/.git/config": true,
		"/h/.config/git/config": true, "/h/.config/other": false, "/h/.bashrc": true, "/r/src/.npmrc": true,
		"/r/src/main.go": false, "/r/.gitignore": false, "/r/.gіt/config": false, "/r/lefthook.yml": true,
		"/r/.bashrc.d/x": false,
	} {
		if got := protectedReason(p) != ""; got != want {
			t.Errorf("protected(%q) = %v, want %v", p, got, want)
		}
	}
}
