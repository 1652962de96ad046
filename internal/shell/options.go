package shell

import (
	"slices"
	"strings"
)

// Options of set known not to change how later lines are parsed or
// what they run: exit on error, unset variables, tracing, verbose,
// noglob, noclobber, noexec, pipefail. Turning off (+) history
// expansion, brace expansion, allexport, keyword and the like is
// harmless too.
var (
	setOn     = "eufxvCn"
	setOff    = setOn + "aBHkhmbPTE"
	setOnName = []string{"errexit", "nounset", "xtrace", "verbose", "noglob", "noclobber", "noexec", "pipefail"}
	setOffNam = append(slices.Clone(setOnName), "history", "histexpand", "braceexpand", "allexport", "keyword", "posix")
)

// setHazard accepts set with known-harmless options and positional
// parameters.
func setHazard(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			return "" // the rest are positional parameters
		}
		letters, names := setOn, setOnName
		if a[0] == '+' {
			letters, names = setOff, setOffNam
		}
		for _, l := range a[1:] {
			switch {
			case l == 'o':
				if i+1 < len(args) {
					i++
					if !slices.Contains(names, args[i]) {
						return "set " + a[:1] + "o " + args[i] + " (only known-harmless shell options may change)"
					}
				}
			case !strings.ContainsRune(letters, l):
				return "set " + a[:1] + string(l) + " changes how the shell parses or runs later lines"
			}
		}
	}
	return ""
}

// shoptGlob are the shopt options that only change what a glob matches,
// which the analysis treats as unknown anyway.
var shoptGlob = []string{"nullglob", "failglob", "nocaseglob"}

// shoptHazard accepts printing and querying options, and setting the
// harmless glob options.
func shoptHazard(args []string) string {
	set := false
	for _, a := range args {
		switch {
		case a == "-s" || a == "-u":
			set = true
		case a == "-p" || a == "-q" || a == "-o":
		case strings.HasPrefix(a, "-"):
			return "shopt option " + a
		case set && !slices.Contains(shoptGlob, a):
			return "shopt " + a + " changes how the shell parses or runs later lines"
		}
	}
	return ""
}

// historyExpansion reports whether src holds a form Bash's history
// expansion rewrites when it is on (`set -H`): a `!` followed by
// anything but a blank, `=`, `(`, a double quote or the end, outside
// single quotes, or `^` at the start of a line (quick substitution).
// Inside a here-document quotes are not tracked, so any such `!` counts.
func historyExpansion(src string) bool {
	quotes := !strings.Contains(src, "<<")
	single, double := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case single:
			single = c != '\''
		case c == '\\':
			i++
		case c == '"':
			double = !double
		case c == '\'' && quotes && !double:
			single = true
		case c == '^' && (i == 0 || src[i-1] == '\n'):
			return true
		case c == '!' && i+1 < len(src) && !strings.ContainsRune(" \t\n=(\"", rune(src[i+1])) &&
			(i == 0 || (src[i-1] != '$' && src[i-1] != '{')):
			return true
		}
	}
	return false
}

// shellOptions are the option letters of a shell started with -c that
// change nothing about how its script is parsed: the harmless set
// options plus -c itself, -s, -r (restricted) and -p.
const shellOptions = "eufxvCncsrp"

// shellHazard checks the options a shell is started with, up to its
// script: those that read startup files (-i, -l, --login, --rcfile),
// or turn on options that change parsing (-k, -H, -o history,
// -O expand_aliases, --posix), are hazards like the set and shopt
// forms.
func shellHazard(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+'):
			return ""
		case a == "--norc" || a == "--noprofile" || a == "--noediting" || a == "--restricted":
		case strings.HasPrefix(a, "--"):
			return "shell option " + a + " (reads startup files or changes how the script is parsed)"
		default:
			for _, l := range a[1:] {
				switch {
				case l == 'o' || l == 'O':
					if i+1 < len(args) {
						i++
						if (l == 'o' && !slices.Contains(setOnName, args[i])) || (l == 'O' && !slices.Contains(shoptGlob, args[i])) {
							return "shell option -" + string(l) + " " + args[i] + " changes how the script is parsed"
						}
					}
				case a[0] == '+':
				case !strings.ContainsRune(shellOptions, l):
					return "shell option -" + string(l) + " reads startup files or changes how the script is parsed"
				}
			}
			if strings.ContainsRune(a, 'c') {
				return "" // the script and its arguments follow
			}
		}
	}
	return ""
}
