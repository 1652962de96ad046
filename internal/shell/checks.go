package shell

import (
	"slices"
	"strings"
)

// findRule refuses find's actions that run programs, delete or write
// files.
func findRule(c Command) bool {
	if !staticArgs(c) {
		return false
	}
	for _, a := range c.Args {
		switch a.Text {
		case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf":
			return false
		}
	}
	return true
}

// uniqRule refuses uniq's second file argument, its output file.
func uniqRule(c Command) bool {
	return staticArgs(c) && positionals(c.Args, "fsw", "skip-fields", "skip-chars", "check-chars") <= 1
}

// xxdRule refuses reverse mode and xxd's output file argument.
func xxdRule(c Command) bool {
	return without("r", "revert")(c) && positionals(c.Args, "cglosn") <= 1
}

// printfRule refuses -v, which assigns to a variable.
func printfRule(c Command) bool {
	return len(c.Args) == 0 || (c.Args[0].Static() && !strings.HasPrefix(c.Args[0].Text, "-v"))
}

// manRule accepts man that only prints where pages are or what they
// are about (-w, -k, -f): no pager or browser runs, no local page file
// is formatted.
func manRule(c Command) bool {
	if !staticArgs(c) {
		return false
	}
	query := false
	for _, a := range c.Args {
		switch a.Text {
		case "-w", "--where", "--path", "--location", "-k", "--apropos", "-f", "--whatis":
			query = true
		case "-a", "--all":
		default:
			if strings.HasPrefix(a.Text, "-") || strings.Contains(a.Text, "/") {
				return false
			}
		}
	}
	return query
}

// hostnameRule accepts only the query forms: options, no new name.
func hostnameRule(c Command) bool {
	if !staticArgs(c) {
		return false
	}
	for _, a := range c.Args {
		if !strings.HasPrefix(a.Text, "-") || hasOption(a.Text, "Fb", []string{"file", "boot"}) {
			return false
		}
	}
	return true
}

// envRule accepts env that only prints the environment (it was not
// stripped as a wrapper, so no command follows its assignments).
func envRule(c Command) bool {
	if !staticArgs(c) {
		return false
	}
	rest, ok := skipOptions(c.Args, wrappers["env"])
	if !ok {
		return false
	}
	rest, _, _ = envAssigns(rest)
	return len(rest) == 0
}

// commandLookup accepts `command -v` and `command -V`.
func commandLookup(c Command) bool {
	if len(c.Args) == 0 || !c.Args[0].Static() {
		return false
	}
	first := c.Args[0].Text
	return strings.HasPrefix(first, "-") && strings.ContainsAny(first, "vV")
}

// testRule refuses -v with a subscript, which test evaluates.
func testRule(c Command) bool {
	for i, a := range c.Args {
		if a.Text == "-v" && i+1 < len(c.Args) {
			next := c.Args[i+1]
			if !next.Static() || strings.Contains(next.Text, "[") {
				return false
			}
		}
	}
	return true
}

// declRule refuses -n (a name reference makes a later assignment write
// another variable).
func declRule(c Command) bool {
	for _, a := range c.Args {
		if !a.Static() || hasOption(a.Text, "n", nil) {
			return false
		}
	}
	return true
}

// goRule accepts go version, doc, help, env (not -w or -u) and list
// (not the flags that build or run tools).
func goRule(c Command) bool {
	if !staticArgs(c) || len(c.Args) == 0 {
		return false
	}
	rest := c.Args[1:]
	switch c.Args[0].Text {
	case "version", "doc", "help":
		return true
	case "env":
		return !goFlag(rest, "w", "u")
	case "list":
		return !goFlag(rest, "export", "compiled", "toolexec", "exec")
	}
	return false
}

// goFlag reports whether args hold one of the named Go-style flags
// (-name, --name, -name=value).
func goFlag(args []Word, names ...string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a.Text, "-"), "=")
		if slices.Contains(names, name) {
			return true
		}
	}
	return false
}

// setRule refuses allexport (`set -a`, `set -o allexport`): with it,
// every later assignment is exported to the commands that follow, so a
// harmless-looking `X=…` changes how they run. Options must be static.
func setRule(c Command) bool {
	for i, a := range c.Args {
		switch {
		case a.Static() && a.Text == "--":
			return true
		case !a.Static():
			return false
		case a.Text == "allexport" && i > 0 && strings.HasSuffix(c.Args[i-1].Text, "o"):
			return false
		case len(a.Text) > 1 && a.Text[0] == '-' && strings.IndexByte(a.Text, 'a') > 0:
			return false
		}
	}
	return true
}
