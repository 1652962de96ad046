package bash

import (
	"path/filepath"
	"strings"

	"corvid/internal/tool"
)

// cwdTrap is put before the command, on the same line so error messages
// keep their line numbers: when the shell exits, an EXIT trap writes its
// final physical directory to path. The trap keeps the exit status, and
// adds nothing to the output. A command that replaces the trap or execs
// another program leaves the file empty: the directory is then unknown
// and stays as it was.
func cwdTrap(path string) string {
	return "__corvid_cwd() { pwd -P >| " + quote(path) + " 2>/dev/null; }; trap __corvid_cwd EXIT; "
}

// quote single-quotes s for the shell.
func quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func trimNewline(s string) string { return strings.TrimRight(s, "\r\n") }

// cwdChange decides what the shell's final directory does to the
// conversation: a new directory inside the allowed ones becomes the
// working directory (mod); one outside them is dropped, with the note
// telling the model so.
func cwdChange(env tool.Env, final string) (mod func(tool.Env) tool.Env, note string) {
	if final == "" || !filepath.IsAbs(final) || final == physical(env.WorkDir) {
		return nil, ""
	}
	for _, d := range env.Dirs {
		if within(physical(d), final) {
			return func(e tool.Env) tool.Env {
				e.WorkDir = final
				return e
			}, ""
		}
	}
	return nil, "Shell cwd was reset to " + env.WorkDir
}

// physical resolves symbolic links in p, as `pwd -P` does.
func physical(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// within reports whether path is dir or inside it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
