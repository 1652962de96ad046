package shell

import "strings"

// The command table's checks of shell builtins that change only the
// shell running the command: test, declarations, read and set.

// testCheck refuses -v with a subscript, which test evaluates.
func testCheck(c Command, _ *Args) string {
	for i, a := range c.Args {
		if a.Text == "-v" && i+1 < len(c.Args) {
			if next := c.Args[i+1]; !next.Static() || strings.Contains(next.Text, "[") {
				return "test -v with a subscript"
			}
		}
	}
	return ""
}

// declCheck refuses -n (a name reference makes a later assignment write
// another variable) and names that change how later commands run.
func declCheck(c Command, _ *Args) string {
	for _, a := range c.Args {
		if !a.Static() || (strings.HasPrefix(a.Text, "-") && strings.Contains(a.Text, "n")) {
			return c.Name.Text + " " + a.Text
		}
	}
	return ""
}

// readCheck accepts read into plain variables that change nothing
// about how later commands run.
func readCheck(c Command, _ *Args) string {
	if !staticArgs(c) {
		return "read with arguments known only at run time"
	}
	args := texts(c.Args)
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-d" || a == "-n" || a == "-N" || a == "-p" || a == "-t" || a == "-u":
			i++
		case a == "-r" || a == "-s" || a == "-rs" || a == "-sr":
		case strings.HasPrefix(a, "-"):
			return "read option " + a
		case !validName(a) || sensitiveVar(a):
			return "read into " + a + " changes how later commands run"
		}
	}
	return ""
}

// setCheck refuses allexport (`set -a`, `set -o allexport`): with it,
// every later assignment is exported to the commands that follow, so a
// harmless-looking `X=…` changes how they run. Options must be static.
func setCheck(c Command, _ *Args) string {
	for i, a := range c.Args {
		switch {
		case a.Static() && a.Text == "--":
			return ""
		case !a.Static():
			return "set with arguments known only at run time"
		case a.Text == "allexport" && i > 0 && strings.HasSuffix(c.Args[i-1].Text, "o"),
			len(a.Text) > 1 && a.Text[0] == '-' && strings.IndexByte(a.Text, 'a') > 0:
			return "set -a exports every later assignment"
		}
	}
	return ""
}
