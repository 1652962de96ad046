package permission

import (
	"strings"

	"corvid/internal/shell"
)

// argSpec says which arguments of a command are paths.
type argSpec struct {
	acc access
	// skip is how many leading operands are not paths (chmod's mode,
	// chown's owner) unless one of patternOpts gives them instead.
	skip        int
	patternOpts []string
}

var (
	readArgs  = argSpec{acc: accessRead}
	writeArgs = argSpec{acc: accessWrite}
	ownerArgs = argSpec{acc: accessWrite, skip: 1, patternOpts: []string{"--reference"}}
)

// pathCommands are the commands whose path arguments are checked: reads
// outside the working directories ask, writes are checked like edits.
// Commands not listed here are judged by rules alone. The search
// programs' patterns and jq's filter are checked as paths too: options
// that take a value make "the first operand" unreliable, and a pattern
// taken for a path only asks when it looks like one outside.
var pathCommands = map[string]argSpec{
	"cat": readArgs, "head": readArgs, "tail": readArgs, "wc": readArgs, "stat": readArgs, "du": readArgs,
	"tac": readArgs, "nl": readArgs, "file": readArgs, "tree": readArgs, "ls": readArgs, "cd": readArgs,
	"pushd": readArgs, "diff": readArgs, "cmp": readArgs, "comm": readArgs, "md5sum": readArgs,
	"sha1sum": readArgs, "sha224sum": readArgs, "sha256sum": readArgs, "sha384sum": readArgs,
	"sha512sum": readArgs, "b2sum": readArgs, "cksum": readArgs, "od": readArgs, "hexdump": readArgs,
	"strings": readArgs, "xxd": readArgs, "sort": readArgs, "uniq": readArgs, "cut": readArgs,
	"paste": readArgs, "column": readArgs, "fold": readArgs, "rev": readArgs, "realpath": readArgs,
	"readlink": readArgs, "less": readArgs, "more": readArgs, "bat": readArgs, "base64": readArgs,
	"grep": readArgs, "egrep": readArgs, "fgrep": readArgs, "rg": readArgs, "ag": readArgs,
	"jq": readArgs, "yq": readArgs, "expand": readArgs, "fmt": readArgs, "fd": readArgs, "fdfind": readArgs,
	"rm": writeArgs, "rmdir": writeArgs, "mkdir": writeArgs, "touch": writeArgs, "mv": writeArgs,
	"cp": writeArgs, "ln": writeArgs, "tee": writeArgs, "truncate": writeArgs, "shred": writeArgs,
	"unlink": writeArgs, "install": writeArgs,
	"chmod": ownerArgs, "chown": ownerArgs, "chgrp": ownerArgs,
}

// pathArg is one path a command uses.
type pathArg struct {
	word shell.Word
	acc  access
}

// knowsPaths reports whether pathArgs knows the command's arguments.
func knowsPaths(cmd shell.Command) bool {
	switch name := cmd.Name.Text; name {
	case "find", "sed", "dd", "git":
		return true
	}
	_, ok := pathCommands[cmd.Name.Text]
	return ok
}

// pathArgs returns the paths a command reads or writes, as far as this
// package knows the command.
func pathArgs(cmd shell.Command) []pathArg {
	switch name := cmd.Name.Text; name {
	case "find":
		return findPaths(cmd.Args)
	case "sed":
		return sedPaths(cmd.Args)
	case "dd":
		return ddPaths(cmd.Args)
	case "git":
		return gitPaths(cmd.Args)
	}
	spec, ok := pathCommands[cmd.Name.Text]
	if !ok {
		return nil
	}
	return specPaths(cmd.Args, spec)
}

// specPaths applies an argSpec. Option values that look like paths
// (`--file=/x`, `-f/x`) are paths too.
func specPaths(args []shell.Word, spec argSpec) []pathArg {
	var out []pathArg
	skip := spec.skip
	for _, a := range args {
		if a.Static() && len(a.Text) > 1 && a.Text[0] == '-' && a.Text != "--" {
			if givesPattern(a.Text, spec.patternOpts) {
				skip = 0
			}
			if v, ok := optionPath(a.Text); ok {
				out = append(out, pathArg{word: shell.Word{Text: v}, acc: spec.acc})
			}
		}
	}
	for _, w := range operands(args) {
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, pathArg{word: w, acc: spec.acc})
	}
	return out
}

// givesPattern reports whether an option supplies what would otherwise
// be the first operand.
func givesPattern(opt string, opts []string) bool {
	name, _, _ := strings.Cut(opt, "=")
	for _, o := range opts {
		switch {
		case name == o:
			return true
		case len(o) == 2 && !strings.HasPrefix(opt, "--") && strings.IndexByte(opt[1:], o[1]) >= 0:
			return true
		}
	}
	return false
}

// optionPath extracts a path-looking value from an option word.
func optionPath(opt string) (string, bool) {
	if _, v, ok := strings.Cut(opt, "="); ok {
		return v, pathLike(v)
	}
	if strings.HasPrefix(opt, "--") {
		return "", false
	}
	i := strings.IndexAny(opt, "/~")
	if i < 0 {
		return "", false
	}
	for i > 1 && opt[i-1] == '.' {
		i--
	}
	return opt[i:], true
}

func pathLike(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, ".") ||
		strings.Contains(v, "/")
}
