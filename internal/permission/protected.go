package permission

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// protectedDirs are directories whose contents configure tools that run
// code (git hooks, editor tasks, package managers, agent settings):
// writes below them are never approved without asking, outside
// bypassPermissions. .corvid is corvid's own user directory.
var protectedDirs = []string{".git", ".vscode", ".idea", ".husky", ".cargo", ".devcontainer", ".yarn",
	".mvn", ".claude", ".corvid"}

// protectedFiles are files that run code or change how tools behave.
var protectedFiles = []string{".gitconfig", ".gitmodules", ".bashrc", ".bash_profile", ".bash_login",
	".bash_aliases", ".bash_logout", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout", ".profile",
	".envrc", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnp.cjs", ".pnp.loader.mjs", ".pnpmfile.cjs",
	"bunfig.toml", ".bunfig.toml", ".bazelrc", ".bazelversion", ".bazeliskrc", ".pre-commit-config.yaml",
	"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "gradle-wrapper.properties",
	"maven-wrapper.properties", ".devcontainer.json", ".ripgreprc", "pyrightconfig.json", ".mcp.json",
	".claude.json"}

// protectedDirSet and protectedFileSet hold the names above, and
// protectedLen is the length of the longest name protectedReason
// compares a segment with.
var (
	protectedDirSet  = setOf(protectedDirs)
	protectedFileSet = setOf(protectedFiles)
	protectedLen     = maxLen(protectedDirs, protectedFiles, []string{"worktrees", ".config"})
)

// protectedReason returns why writing p is protected, or "". Names
// compare without regard to case (case-insensitive file systems make
// .GIT the same directory as .git), as strings.ToLower folds them.
func protectedReason(p string) string {
	rest := strings.TrimPrefix(p, "/")
	for {
		s, tail, more := strings.Cut(rest, "/")
		next, _, _ := strings.Cut(tail, "/") // "" when s is the last segment
		folded := foldName(s)
		switch {
		case folded == ".claude" && more && foldName(next) == "worktrees":
		case protectedDirSet[folded]:
			return "it is inside the protected directory " + s
		case folded == ".config" && more && foldName(next) == "git":
			return "it is inside the protected directory .config/git"
		case !more && protectedFileSet[folded]:
			return s + " is a protected file"
		}
		if !more {
			return ""
		}
		rest = tail
	}
}

// foldName is strings.ToLower(s) when s may fold to a name
// protectedReason looks for, and "" (no such name) when it cannot: an
// ASCII segment keeps its length when folded, so a longer one than
// every name is none of them (other text may shrink: K, the Kelvin sign,
// folds to k).
func foldName(s string) string {
	if len(s) > protectedLen && isASCII(s) {
		return ""
	}
	return strings.ToLower(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func setOf(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

func maxLen(lists ...[]string) int {
	n := 0
	for _, l := range lists {
		for _, s := range l {
			n = max(n, len(s))
		}
	}
	return n
}

// criticalReason returns why removing p is critical, or "": the root,
// a top-level directory, home, a working directory, the current
// directory, or a parent of any of them.
func (c *call) criticalReason(p string) string {
	switch {
	case p == "/":
		return "it is the filesystem root"
	case filepath.Dir(p) == "/":
		return "it is a top-level directory"
	}
	for _, h := range c.e.home {
		if p == h {
			return "it is the home directory"
		}
	}
	for _, forms := range c.e.work {
		for _, w := range forms {
			if within(p, w) {
				return "it is a working directory or one of its parents"
			}
		}
	}
	for _, d := range c.cwdForms() {
		if within(p, d) {
			return "it is the current directory or one of its parents"
		}
	}
	return ""
}

// isDevice reports whether writing p writes a device (a disk, memory, a
// terminal): always asked about, even in bypassPermissions. /dev/null
// and the standard streams are not files to the shell's redirections
// and never get here.
func isDevice(p string) bool {
	return within("/dev", p) && p != "/dev/null" && p != "/dev/tty"
}
