package app

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestProjectDirName(t *testing.T) {
	cases := map[string]string{
		"/home/u/proj1":   "-home-u-proj1",
		"/home/u/my_repo": "-home-u-my-repo",
		"/a b/c.d":        "-a-b-c-d",
	}
	for in, want := range cases {
		if got := projectDirName(in); got != want {
			t.Errorf("projectDirName(%q) = %q, want %q", in, got, want)
		}
	}
	long := "/" + strings.Repeat("x", 300)
	if got := projectDirName(long); len(got) != maxProjectDirName+9 || got == projectDirName(long+"y") {
		t.Errorf("long names must be cut and stay unique: %q", got)
	}
}

func TestSessionDirAndWorkDirs(t *testing.T) {
	env := environment(func(k string) string {
		if k == "CORVID_CONFIG_DIR" {
			return "/cfg"
		}
		return ""
	})
	if got := sessionDir(env, "/w/p", "s1"); got != filepath.FromSlash("/cfg/projects/-w-p/s1") {
		t.Errorf("sessionDir = %q", got)
	}
	if got := workDirs("/w/p", []string{"../q", "/abs/"}); !slices.Equal(got, []string{"/w/p", "/w/q", "/abs"}) {
		t.Errorf("workDirs = %v", got)
	}
}
