package shell

import (
	"slices"
	"strings"
)

// The checks of the command table: the forms its option lists cannot
// express. Each returns why the command is not read-only, or "".

// findCheck refuses find's actions that run programs, delete or write
// files, and arguments known only at run time.
func findCheck(c Command, _ *Args) string {
	if !staticArgs(c) {
		return "find with arguments known only at run time"
	}
	for _, a := range c.Args {
		switch a.Text {
		case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf":
			return "find " + a.Text + " runs a program or writes"
		}
	}
	return ""
}

// oneOperand refuses a second operand: uniq's and xxd's output file.
func oneOperand(c Command, a *Args) string {
	if len(a.Operands) > 1 || c.MoreArgs {
		return c.Name.Text + " writes its second operand"
	}
	return ""
}

// manCheck accepts man that only prints where pages are or what they
// are about (-w, -k, -f): no pager or browser runs, no local page file
// is formatted.
func manCheck(c Command, _ *Args) string {
	if !staticArgs(c) {
		return "man with arguments known only at run time"
	}
	query := false
	for _, a := range c.Args {
		switch a.Text {
		case "-w", "--where", "--path", "--location", "-k", "--apropos", "-f", "--whatis":
			query = true
		case "-a", "--all":
		default:
			if strings.HasPrefix(a.Text, "-") || strings.Contains(a.Text, "/") {
				return "man option " + a.Text
			}
		}
	}
	if !query {
		return "man shows a page through a pager"
	}
	return ""
}

// hostnameCheck accepts only the query forms.
func hostnameCheck(c Command, _ *Args) string {
	if !staticArgs(c) || !hostnameQuery(texts(c.Args)) {
		return "hostname with these arguments can change the system's name"
	}
	return ""
}

// dateCheck accepts date that only prints: a +FORMAT operand, no -s.
func dateCheck(c Command, a *Args) string {
	if a.Has("-s", "--set") {
		return "date -s sets the system clock"
	}
	for _, o := range a.Operands {
		if !o.Static() || !strings.HasPrefix(o.Text, "+") {
			return "date " + o.Text + " sets the system clock"
		}
	}
	return ""
}

// envCheck accepts env that only prints the environment (it was not
// stripped as a wrapper, so no command follows its assignments).
func envCheck(c Command, a *Args) string {
	if !staticArgs(c) {
		return "env with arguments known only at run time"
	}
	for _, o := range a.Operands {
		if name, _, ok := strings.Cut(o.Text, "="); !ok || !validName(name) {
			return "env runs " + o.Text
		}
	}
	return ""
}

// commandCheck accepts `command -v` and `command -V`.
func commandCheck(c Command, _ *Args) string {
	if len(c.Args) == 0 || !c.Args[0].Static() {
		return "command without -v"
	}
	if first := c.Args[0].Text; !strings.HasPrefix(first, "-") || !strings.ContainsAny(first, "vV") {
		return "command without -v"
	}
	return ""
}

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

// goCheck accepts go version, doc, help, env (not -w or -u) and list
// (not the flags that build or run tools).
func goCheck(c Command, _ *Args) string {
	if !staticArgs(c) || len(c.Args) == 0 {
		return "go with this form"
	}
	rest := c.Args[1:]
	switch c.Args[0].Text {
	case "version", "doc", "help":
		return ""
	case "env":
		if !goFlag(rest, "w", "u") {
			return ""
		}
	case "list":
		if !goFlag(rest, "export", "compiled", "toolexec", "exec") {
			return ""
		}
	}
	return "go " + c.Args[0].Text + " builds, runs or changes something"
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

func texts(words []Word) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.Text
	}
	return out
}
