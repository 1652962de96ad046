// Package handover starts corvid-tui in corvid's place before corvid's
// own packages are initialised, when the command line can only mean the
// interactive interface.
//
// corvid hands over to corvid-tui (exec) when it runs without -p on a
// terminal; internal/cli does that once the command line is parsed,
// after the initialisers of all of corvid's packages have run: work
// (and some 500 page faults, about 5 ms here) that corvid-tui repeats
// for itself. Go initialises packages in the order of their import
// paths, each after its imports (the language specification, since Go
// 1.21); this package imports only the standard library's basics and
// its path sorts early, so its initialiser runs before nearly all of
// corvid's and can hand over at once. corvid-tui runs the same command
// line code (internal/cli), so what it does with the arguments is what
// corvid would have done; anything this package is unsure of is left to
// internal/cli, which hands over later or runs the command itself.
package handover

import (
	"os"
	"strings"
)

// tuiExecutable is corvid-tui's file name, beside corvid's.
const tuiExecutable = "corvid-tui"

func init() {
	if !interactive(os.Args[1:]) || !terminal(os.Stdin) || !terminal(os.Stdout) {
		return
	}
	exe, err := os.Executable()
	if err != nil || strings.HasSuffix(exe, ".test") { // a test binary runs corvid's main in-process
		return
	}
	dir := exe[:strings.LastIndexByte(exe, os.PathSeparator)+1]
	if st, err := os.Stat(dir + tuiExecutable); err != nil || !st.Mode().IsRegular() || st.Mode()&0o111 == 0 {
		return // internal/cli looks on PATH and says what is missing
	}
	execTUI(dir+tuiExecutable, os.Args[1:]) // returns only on failure: internal/cli tries again
}

// interactive reports whether args surely start the interactive
// interface (given terminals): nothing but options, none of which
// prints, asks for help or the version, or reads the SDK's input
// format. A positional argument might name a subcommand (or be a
// flag's value), so it is left to internal/cli, as are short options
// grouped with p, h or v.
func interactive(args []string) bool {
	for _, a := range args {
		switch {
		case a == "-" || a == "--" || !strings.HasPrefix(a, "-"):
			return false
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a[2:], "=")
			switch name {
			case "print", "help", "version", "input-format", "output-format":
				return false
			}
		case strings.ContainsAny(a[1:], "phv="):
			return false
		}
	}
	return true
}
