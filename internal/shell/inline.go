package shell

import "strings"

// Code is shell code that a command receives as data and runs.
type Code struct {
	// Script is the code when Known.
	Script string
	// Known is false when the code is only known at run time: a dynamic
	// word, a script read from standard input, arguments appended by
	// xargs.
	Known bool
}

// shells are the programs that run a script given with -c, or read one
// from standard input when given no file.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true,
	"mksh": true, "ash": true, "yash": true, "fish": true}

// Code reports whether the command runs shell code it was handed as
// data: eval's arguments, the string a shell gets with -c, or a script a
// shell reads from standard input. A shell running a script file is not
// reported (the file is not code on the command line).
func (c Command) Code() (Code, bool) {
	if !c.Name.Static() {
		return Code{}, false
	}
	switch name := c.Name.Text; {
	case name == "eval":
		return evalCode(c), true
	case shells[name]:
		return shellCode(c)
	}
	return Code{}, false
}

// evalCode joins eval's arguments, as eval does.
func evalCode(c Command) Code {
	if c.MoreArgs {
		return Code{}
	}
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		if !a.Static() {
			return Code{}
		}
		parts[i] = a.Text
	}
	return Code{Script: strings.Join(parts, " "), Known: true}
}

// shellCode finds the script of `sh [options] -c SCRIPT [args]`, or
// reports that a shell reads its script from standard input.
func shellCode(c Command) (Code, bool) {
	args, inline, stdin := c.Args, false, false
	for len(args) > 0 {
		a := args[0]
		if !a.Static() {
			return Code{}, true // an option or file only known at run time
		}
		t := a.Text
		switch {
		case t == "--" || t == "-":
			stdin = stdin || t == "-"
			args = args[1:]
		case strings.HasPrefix(t, "--"):
			args = args[longShellOption(t, args):]
			continue
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			inline = inline || strings.IndexByte(t, 'c') > 0
			stdin = stdin || strings.IndexByte(t, 's') > 0
			args = args[1:]
			if strings.ContainsAny(t[1:], "oO") && len(args) > 0 {
				args = args[1:] // -o OPTION
			}
			continue
		}
		break
	}
	switch {
	case inline && len(args) > 0 && args[0].Static() && !c.MoreArgs:
		return Code{Script: args[0].Text, Known: true}, true
	case inline || stdin || len(args) == 0:
		return Code{}, true
	}
	return Code{}, false
}

// longShellOption returns how many words a long shell option takes.
func longShellOption(t string, args []Word) int {
	switch t {
	case "--rcfile", "--init-file":
		if len(args) > 1 {
			return 2
		}
	}
	return 1
}
