package shell

import (
	"slices"
	"strings"
)

// rule decides whether one command, with its arguments, only reads.
type rule func(Command) bool

// readOnlyRules is the read-only list: the commands that may run
// without changing anything, each with the check its arguments need.
// It is deliberately conservative; a command missing here is simply
// not read-only. anyArgs is for commands none of whose options write or
// run other programs; the others refuse the options that do and need
// every argument known before the command runs (a variable or a glob
// could expand to such an option).
var readOnlyRules = map[string]rule{
	// Files and directories.
	"ls": anyArgs, "cat": anyArgs, "head": anyArgs, "tail": anyArgs, "wc": anyArgs,
	"stat": anyArgs, "du": anyArgs, "df": anyArgs, "tac": anyArgs, "nl": anyArgs,
	"file": without("C", "compile"), "tree": without("oR"),
	"basename": anyArgs, "dirname": anyArgs, "realpath": anyArgs, "readlink": anyArgs,
	"pwd": anyArgs, "cd": anyArgs, "pushd": anyArgs, "popd": anyArgs,
	// Search.
	"grep": anyArgs, "egrep": anyArgs, "fgrep": anyArgs,
	"rg": without("", "pre"), "ag": without("", "pager"),
	"find": findRule, "fd": without("xX", "exec", "exec-batch"), "fdfind": without("xX", "exec", "exec-batch"),
	// Text processing to standard output.
	"sort": without("o", "output", "compress-program"), "uniq": uniqRule,
	"cut": anyArgs, "tr": anyArgs, "expand": anyArgs, "fmt": anyArgs, "base64": without("o", "output"), "column": anyArgs, "paste": anyArgs, "fold": anyArgs, "rev": anyArgs,
	"jq": anyArgs, "yq": without("is", "inplace", "in-place", "split-exp"),
	"diff": anyArgs, "cmp": anyArgs, "comm": anyArgs,
	"md5sum": anyArgs, "sha1sum": anyArgs, "sha224sum": anyArgs, "sha256sum": anyArgs,
	"sha384sum": anyArgs, "sha512sum": anyArgs, "b2sum": anyArgs, "cksum": anyArgs,
	"od": anyArgs, "hexdump": anyArgs, "strings": anyArgs, "xxd": xxdRule,
	"echo": anyArgs, "printf": printfRule, "seq": anyArgs,
	// System information.
	"date": without("s", "set"), "uname": anyArgs, "whoami": anyArgs, "id": anyArgs,
	"hostname": hostnameRule, "printenv": anyArgs, "env": envRule,
	"ps": anyArgs, "free": anyArgs, "nproc": anyArgs, "uptime": anyArgs, "locale": anyArgs,
	"groups": anyArgs, "getconf": anyArgs, "expr": anyArgs, "pgrep": without("F", "pidfile"), "man": manRule,
	"which": anyArgs, "type": anyArgs, "whereis": anyArgs, "command": commandLookup,
	// Shell built-ins that change only the shell running the command.
	"true": anyArgs, "false": anyArgs, ":": anyArgs, "sleep": anyArgs, "wait": anyArgs,
	"test": testRule, "[": testRule, "[[": anyArgs, "set": setRule, "shopt": anyArgs,
	"export": declRule, "readonly": declRule, "declare": declRule, "local": declRule, "typeset": declRule,
	// Toolchains.
	"git": gitRule, "go": goRule,
}

func anyArgs(Command) bool { return true }

// staticArgs reports whether every argument is known before the command
// runs.
func staticArgs(c Command) bool {
	if c.MoreArgs {
		return false
	}
	for _, a := range c.Args {
		if !a.Static() {
			return false
		}
	}
	return true
}

// without accepts the command unless an argument is one of the given
// options: short holds single-letter options (found inside clusters
// such as -rno too), long the long ones (with or without =value, and
// abbreviated as getopt allows).
func without(short string, long ...string) rule {
	return func(c Command) bool {
		if !staticArgs(c) {
			return false
		}
		for _, a := range c.Args {
			if a.Text == "--" {
				break
			}
			if hasOption(a.Text, short, long) {
				return false
			}
		}
		return true
	}
}

func hasOption(arg, short string, long []string) bool {
	if strings.HasPrefix(arg, "--") {
		name, _, _ := strings.Cut(arg[2:], "=")
		return name != "" && slices.ContainsFunc(long, func(l string) bool { return strings.HasPrefix(l, name) })
	}
	return len(arg) > 1 && arg[0] == '-' && strings.ContainsAny(arg[1:], short)
}

// positionals counts the non-option arguments; valued holds the short
// options and longValued the long ones that take the next word as value.
func positionals(args []Word, valued string, longValued ...string) int {
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case a == "--":
			return n + len(args) - i - 1
		case strings.HasPrefix(a, "--"):
			if !strings.Contains(a, "=") && slices.Contains(longValued, a[2:]) {
				i++
			}
		case len(a) == 2 && a[0] == '-' && strings.IndexByte(valued, a[1]) >= 0:
			i++
		case len(a) > 1 && a[0] == '-':
		default:
			n++
		}
	}
	return n
}
