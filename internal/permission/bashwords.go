package permission

import (
	"path"
	"strings"

	"corvid/internal/shell"
)

// xargsInput stands for the arguments xargs appends at run time: a
// pattern matches it only through a trailing wildcard.
const xargsInput = "\x00xargs-input"

// renderWord writes a word for matching: static text that needs it is
// single-quoted so that "a b" stays one word; dynamic words and globs
// appear as written.
func renderWord(w shell.Word) string {
	switch {
	case w.Dynamic || w.Glob:
		return w.Text
	case w.Text == "":
		return "''"
	case strings.ContainsAny(w.Text, " \t\n'\"\\$`;&|<>()*?["):
		return "'" + strings.ReplaceAll(w.Text, "'", `'\''`) + "'"
	}
	return w.Text
}

func render(ws []shell.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = renderWord(w)
	}
	return strings.Join(parts, " ")
}

// plain joins the words' text without quoting: a second, looser form
// for deny and ask rules.
func plain(ws []shell.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return collapseSpace(strings.Join(parts, " "))
}

func words(cmd shell.Command) []shell.Word {
	return append([]shell.Word{cmd.Name}, cmd.Args...)
}

func renderAssigns(as []shell.Assign) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.Name + "=" + renderWord(a.Value)
	}
	return strings.Join(parts, " ")
}

// allowCandidates are the texts allow rules are matched against: the
// command with wrappers and safe assignments removed (other assignments
// stay in front), and the command as written when it has neither.
func allowCandidates(cmd shell.Command) []string {
	if isDecl(cmd.Name.Text) {
		return []string{declText(cmd), collapseSpace(cmd.Source)}
	}
	var unsafe []shell.Assign
	for _, a := range cmd.Assigns {
		if !safeAssign(a) {
			unsafe = append(unsafe, a)
		}
	}
	canon := render(words(cmd))
	if len(unsafe) > 0 {
		canon = renderAssigns(unsafe) + " " + canon
	}
	if cmd.MoreArgs {
		return []string{canon + " " + xargsInput}
	}
	out := []string{canon}
	if len(cmd.Wrappers) == 0 && len(cmd.Assigns) == 0 {
		if src := collapseSpace(cmd.Source); src != canon {
			out = append(out, src)
		}
	}
	return out
}

// isDecl reports whether name is a declaration built-in, whose
// assignments are its arguments.
func isDecl(name string) bool {
	switch name {
	case "export", "declare", "local", "readonly", "typeset", "nameref":
		return true
	}
	return false
}

// declText renders a declaration: name, assignments, other arguments.
func declText(cmd shell.Command) string {
	parts := []string{cmd.Name.Text}
	if len(cmd.Assigns) > 0 {
		parts = append(parts, renderAssigns(cmd.Assigns))
	}
	if len(cmd.Args) > 0 {
		parts = append(parts, render(cmd.Args))
	}
	return strings.Join(parts, " ")
}

// denyCandidates are the texts deny and ask rules are matched against:
// the command past any assignment, with each level of wrapper, with the
// program's base name, every tail of a runner's arguments, and the
// command as written. More forms only make these rules match more.
func denyCandidates(cmd shell.Command) []string {
	ws := words(cmd)
	out := []string{render(ws), plain(ws), collapseSpace(cmd.Source)}
	if isDecl(cmd.Name.Text) {
		out = append(out, declText(cmd))
	}
	if base := path.Base(cmd.Name.Text); base != cmd.Name.Text && cmd.Name.Static() {
		named := append([]shell.Word{{Text: base}}, cmd.Args...)
		out = append(out, render(named), plain(named))
	}
	for k := 0; k+len(ws) < len(cmd.Raw); k++ {
		out = append(out, render(cmd.Raw[k:]), plain(cmd.Raw[k:]))
	}
	if len(cmd.Assigns) > 0 {
		out = append(out, renderAssigns(cmd.Assigns)+" "+render(ws))
	}
	if cmd.MoreArgs {
		out = append(out, render(ws)+" "+xargsInput)
	}
	lead := len(cmd.Raw) - len(ws) + 1 // the wrappers and the name
	for i, w := range cmd.Raw[:max(lead, 0)] {
		if w.Static() && shell.RunsCommand(path.Base(w.Text)) {
			for k := i + 1; k < len(cmd.Raw); k++ {
				out = append(out, render(cmd.Raw[k:]), plain(cmd.Raw[k:]))
			}
			break
		}
	}
	return out
}

// operands returns the arguments that are not options.
func operands(args []shell.Word) []shell.Word { return shell.Operands(args) }
