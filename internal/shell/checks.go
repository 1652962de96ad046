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

// dateCheck accepts date that only prints (see dateEffect).
func dateCheck(c Command, _ *Args) string { return dateEffect(c) }

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
