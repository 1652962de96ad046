package permission

import (
	"path"
	"slices"
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
	if len(ws) == 0 {
		return ""
	}
	return joinWords(ws[0], ws[1:], renderWord)
}

// plain joins the words' text without quoting: a second, looser form
// for deny and ask rules.
func plain(ws []shell.Word) string {
	if len(ws) == 0 {
		return ""
	}
	return collapseSpace(joinWords(ws[0], ws[1:], wordText))
}

// renderCmd is render of the command's name and arguments.
func renderCmd(cmd shell.Command) string { return joinWords(cmd.Name, cmd.Args, renderWord) }

// plainCmd is plain of the command's name and arguments.
func plainCmd(cmd shell.Command) string {
	return collapseSpace(joinWords(cmd.Name, cmd.Args, wordText))
}

func wordText(w shell.Word) string { return w.Text }

// joinWords joins form(first) and the forms of rest with single
// spaces, in one allocation at most.
func joinWords(first shell.Word, rest []shell.Word, form func(shell.Word) string) string {
	head := form(first)
	if len(rest) == 0 {
		return head
	}
	n := len(head) + len(rest)
	for _, w := range rest {
		n += len(w.Text)
	}
	var b strings.Builder
	b.Grow(n + 2) // quoting may add more; the builder grows then
	b.WriteString(head)
	for _, w := range rest {
		b.WriteByte(' ')
		b.WriteString(form(w))
	}
	return b.String()
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
	return allowCandidatesOf(cmd, renderCmd(cmd))
}

// allowCandidatesOf is allowCandidates given renderCmd(cmd), which the
// deny candidates have computed already.
func allowCandidatesOf(cmd shell.Command, rendered string) []string {
	if isDecl(cmd.Name.Text) {
		return []string{declText(cmd), collapseSpace(cmd.Source)}
	}
	var unsafe []shell.Assign
	for _, a := range cmd.Assigns {
		if !safeAssign(a) {
			unsafe = append(unsafe, a)
		}
	}
	canon := rendered
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
	rendered := renderCmd(cmd)
	out := make([]string, 0, 4)
	out = appendNew(out, rendered, plainCmd(cmd), collapseSpace(cmd.Source))
	if isDecl(cmd.Name.Text) {
		out = appendNew(out, declText(cmd))
	}
	if base := path.Base(cmd.Name.Text); base != cmd.Name.Text && cmd.Name.Static() {
		named := shell.Word{Text: base}
		out = appendNew(out, joinWords(named, cmd.Args, renderWord), collapseSpace(joinWords(named, cmd.Args, wordText)))
	}
	nws := 1 + len(cmd.Args)
	for k := 0; k+nws < len(cmd.Raw); k++ {
		out = append(out, render(cmd.Raw[k:]), plain(cmd.Raw[k:]))
	}
	if len(cmd.Assigns) > 0 {
		out = append(out, renderAssigns(cmd.Assigns)+" "+rendered)
	}
	if cmd.MoreArgs {
		out = append(out, rendered+" "+xargsInput)
	}
	lead := len(cmd.Raw) - nws + 1 // the wrappers and the name
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

// appendNew appends the texts not in list already: a text matched once
// need not be matched again.
func appendNew(list []string, texts ...string) []string {
	for _, t := range texts {
		if !slices.Contains(list, t) {
			list = append(list, t)
		}
	}
	return list
}

// operands returns the arguments that are not options.
func operands(args []shell.Word) []shell.Word { return shell.Operands(args) }
