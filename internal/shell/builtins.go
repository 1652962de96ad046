package shell

import "strings"

// declOptions are the declaration options that neither evaluate nor
// link values: print, functions, global, read-only, export, case and
// trace attributes. -a, -A, -i and -n are not among them.
const declOptions = "pfFgrxlut"

// declHazard accepts declarations of plain names with plain values.
func declHazard(name string) func([]string) string {
	return func(args []string) string {
		opts := true
		for _, a := range args {
			switch {
			case opts && a == "--":
				opts = false
			case opts && len(a) > 1 && (a[0] == '-' || a[0] == '+'):
				if strings.Trim(a[1:], declOptions) != "" {
					return name + " option " + a + " (only -" + declOptions + " are known not to evaluate values)"
				}
			default:
				v, value, hasValue := strings.Cut(a, "=")
				if !validName(v) {
					return name + " argument " + a + " is not a plain variable name (a subscript is evaluated as arithmetic)"
				}
				if hasValue && strings.HasPrefix(value, "(") {
					return name + " argument " + a + " is a compound array assignment from quoted data"
				}
			}
		}
		return ""
	}
}

// waitHazard refuses -p, which assigns the job's id to a named variable.
func waitHazard(args []string) string {
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "nf") != "" {
			return "wait option " + a + " (-p assigns to a variable named by data)"
		}
	}
	return ""
}

// printfHazard refuses -v, which assigns to a variable named by data.
func printfHazard(args []string) string {
	if len(args) > 0 && strings.HasPrefix(args[0], "-v") {
		return "printf -v assigns to a variable named by data (a subscript is evaluated as arithmetic)"
	}
	return ""
}

// readHazard accepts read into plain names only.
func readHazard(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-a" || (len(a) > 1 && a[0] == '-' && strings.Contains(a, "a")):
			return "read option " + a + " assigns to an array named by data"
		case a == "-d" || a == "-n" || a == "-N" || a == "-p" || a == "-t" || a == "-u" || a == "-i":
			i++
		case len(a) > 1 && a[0] == '-':
		case !validName(a):
			return "read argument " + a + " is not a plain variable name (a subscript is evaluated as arithmetic)"
		}
	}
	return ""
}

func arrayBuiltin(name string) func([]string) string {
	return func([]string) string { return name + " assigns to an array named by data" }
}

// unsetHazard refuses a subscript, which unset evaluates.
func unsetHazard(args []string) string {
	for _, a := range args {
		if strings.ContainsAny(a, "[]") {
			return "unset argument " + a + " has a subscript, which is evaluated as arithmetic"
		}
	}
	return ""
}

// aliasHazard accepts only printing aliases.
func aliasHazard(args []string) string {
	for _, a := range args {
		if strings.Contains(a, "=") {
			return "alias " + a + " defines an alias, which changes how later lines are parsed"
		}
	}
	return ""
}

// testHazard refuses -v with a subscript, which test evaluates as
// arithmetic.
func testHazard(args []string) string {
	for i, a := range args {
		if a == "-v" && i+1 < len(args) && strings.ContainsAny(args[i+1], "[]") {
			return "test -v " + args[i+1] + " evaluates the subscript as arithmetic"
		}
	}
	return ""
}
