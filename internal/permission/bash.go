package permission

import (
	"errors"
	"fmt"
	"strings"

	"corvid/internal/shell"
)

// maxDepth bounds nested shell code (eval, sh -c inside sh -c …).
const maxDepth = 4

// bashLine is one Bash command line being evaluated.
type bashLine struct {
	c     *call
	a     *shell.Analysis
	depth int
	// cwds are the directories relative paths may be relative to: the
	// current directory and every static `cd` target seen so far.
	cwds []fsPath
	// lost is set once a `cd` went somewhere that cannot be known.
	lost bool
	// chdir is set while a command runs in another directory of its own
	// (`env -C dir cmd`).
	chdir bool
}

// bash evaluates a command line: every simple command in it (in lists,
// pipelines, substitutions, subshells, function bodies, and the code
// that eval and sh -c run) must be allowed on its own, and so must
// every redirection.
func (c *call) bash(command string, depth int) verdict {
	v := c.bashLine(command, depth)
	if v.action == "" {
		v.action = "run `" + capText(collapseSpace(command), 300) + "`"
	}
	return v
}

func (c *call) bashLine(command string, depth int) verdict {
	return c.bashLineIn(command, depth, []fsPath{c.cwdP}, false)
}

// bashLineIn evaluates a command line that starts in one of cwds (code
// run by eval or sh -c starts where its parent command is).
func (c *call) bashLineIn(command string, depth int, cwds []fsPath, lost bool) verdict {
	if strings.Trim(command, " \t\n") == "" { // Bash blanks only: "\f" is a command name
		return allowV("an empty command runs nothing")
	}
	switch {
	case strings.ContainsRune(command, 0):
		return c.opaque(command, "contains a NUL byte (the shell would see only the text before it)")
	case strings.ContainsRune(command, '\r'):
		// The parser takes a carriage return for a blank, Bash for part
		// of a word: `x\r# ; rm` hides a command from the analysis.
		return c.opaque(command, "contains a carriage return, which the shell and this analysis read differently")
	}
	a, err := shell.Parse(command)
	switch {
	case errors.Is(err, shell.ErrTooLong):
		return c.opaque(command, fmt.Sprintf("is longer than %d characters", shell.MaxLength))
	case err != nil:
		return c.opaque(command, "cannot be parsed ("+err.Error()+")")
	}
	l := &bashLine{c: c, a: a, depth: depth, cwds: append([]fsPath(nil), cwds...), lost: lost}
	vs := make([]verdict, 0, len(a.Commands)+len(a.Redirects)+1)
	for _, cmd := range a.Commands {
		vs = append(vs, l.command(cmd))
		l.track(cmd)
	}
	for _, r := range a.Redirects {
		if v, ok := l.redirect(r); ok {
			vs = append(vs, v)
		}
	}
	vs = append(vs, lineHazards(a)...)
	return combine(append(vs, c.wholeLine(command)...))
}

// lineHazards are the constructs that hide code from analysis: they
// always ask, and no allow rule approves them.
func lineHazards(a *shell.Analysis) []verdict {
	var vs []verdict
	add := func(why string) {
		v := askV(askMode, "Bash command "+why+"; it needs approval")
		v.writes = true
		vs = append(vs, v)
	}
	if a.Arithmetic {
		add("evaluates a variable in arithmetic, which can run code hidden in its value")
	}
	if a.Indirect {
		add("expands ${!x} or ${x@P}, which can run code hidden in a value")
	}
	if a.Coproc {
		add("starts a coprocess")
	}
	if a.History {
		add("holds a history expansion (`!…` or `^…^`), which rewrites the line when history expansion is on")
	}
	return vs
}

// wholeLine matches deny and ask rules against the whole line too, so
// that a rule written about a pipeline (`Bash(curl * | sh)`) applies.
func (c *call) wholeLine(command string) []verdict {
	line := []string{collapseSpace(command)}
	if r := c.e.bashDeny.first(line); r != nil {
		return []verdict{denyRule(r, "Bash command `"+capText(line[0], 300)+"`")}
	}
	if r := c.e.bashAsk.first(line); r != nil {
		return []verdict{askRuleV(r, "Bash command `"+capText(line[0], 300)+"`")}
	}
	return nil
}

// opaque is the verdict for a command that cannot be analysed: deny and
// ask rules are matched against its text, and otherwise it always
// needs approval.
func (c *call) opaque(command, why string) verdict {
	if vs := c.wholeLine(command); len(vs) > 0 {
		vs[0].writes = true
		return vs[0]
	}
	v := askV(askMode, "Bash command "+why+"; such commands always need approval")
	v.opaque, v.writes = true, true
	return v
}

// track follows `cd`, `pushd` and `popd`: later relative paths may be
// relative to the new directory.
func (l *bashLine) track(cmd shell.Command) {
	switch cmd.Name.Text {
	case "cd", "pushd":
	case "popd":
		l.lost = true
		return
	default:
		return
	}
	ops := operands(cmd.Args)
	switch {
	case len(ops) == 0 && cmd.Name.Text == "cd":
		if p, ok := dirPath(l.c.e.env.home); ok {
			l.addCwd(p)
			return
		}
		l.lost = true
	case len(ops) == 0 || !ops[0].Static() || ops[0].Text == "-" || cmd.MoreArgs:
		l.lost = true
	default:
		for _, d := range append([]fsPath(nil), l.cwds...) {
			abs, ok := absolute(ops[0].Text, d.link, l.c.e.env.home)
			p, err := l.resolve(abs)
			if !ok || err != nil {
				l.lost = true
				return
			}
			l.addCwd(p)
		}
	}
}

func (l *bashLine) addCwd(p fsPath) {
	for _, x := range l.cwds {
		if x == p {
			return
		}
	}
	l.cwds = append(l.cwds, p)
}
