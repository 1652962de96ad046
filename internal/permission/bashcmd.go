package permission

import (
	"slices"
	"strings"

	"corvid/internal/shell"
)

// command evaluates one simple command in Claude Code's order: deny
// rules (on the command, on the code it runs, on its paths), ask rules,
// critical removals, protected paths, constructs that always ask, paths
// outside the working directories, then allow rules, the read-only set
// and acceptEdits.
func (l *bashLine) command(cmd shell.Command) verdict {
	prev := l.chdir
	l.chdir = prev || envChdir(cmd)
	v := l.commandVerdict(cmd)
	l.chdir = prev
	v.writes = v.writes || !l.readOnly(cmd)
	return v
}

// facts are what the checks of one command look at.
type facts struct {
	cmd   shell.Command
	what  string
	cands []string  // the texts deny and ask rules are matched against; renderCmd(cmd) first
	inner *verdict  // the code the command runs (eval, sh -c, find -exec), or nil
	paths []verdict // the verdicts of its paths
}

func (l *bashLine) commandVerdict(cmd shell.Command) verdict {
	f := facts{cmd: cmd, what: "Bash subcommand `" + capText(collapseSpace(cmd.Source), 300) + "`",
		cands: denyCandidates(cmd)}
	if r := l.c.e.bashDeny.first(f.cands); r != nil {
		return denyRule(r, f.what)
	}
	f.inner, f.paths = l.inner(cmd), l.pathVerdicts(cmd)
	if opt := l.optionVerdicts(cmd); len(opt) > 0 {
		f.paths = append(opt, f.paths...) // first: their reasons name the option
	}
	if fv := l.followVerdicts(cmd); len(fv) > 0 {
		f.paths = append(f.paths, fv...)
	}
	if v, ok := l.refusal(f); ok {
		return v
	}
	if why, exact := l.structural(cmd); why != "" {
		return l.structuralVerdict(f, why, exact)
	}
	if v, ok := firstClass(f.paths, askMode); ok {
		return v
	}
	return l.allowed(cmd, f.what, f.cands[0])
}

// refusal applies, in order: the denies of the code and the paths, ask
// rules (on the command, its code, its paths), critical removals and
// protected paths.
func (l *bashLine) refusal(f facts) (verdict, bool) {
	in := f.inner
	if in != nil && in.level == levelDeny {
		return *in, true
	}
	if v, ok := firstLevel(f.paths, levelDeny); ok {
		return v, true
	}
	if r := l.c.e.bashAsk.first(f.cands); r != nil {
		return askRuleV(r, f.what), true
	}
	if in != nil && in.level == levelAsk && in.class >= askRule {
		return *in, true
	}
	if v, ok := firstClass(f.paths, askRule); ok {
		return v, true
	}
	if why := l.critical(f.cmd); why != "" {
		return askV(askCritical, f.what+" removes a critical path: "+why), true
	}
	for _, class := range []askClass{askCritical, askProtected} {
		if v, ok := firstClass(f.paths, class); ok {
			return v, true
		}
	}
	return verdict{}, false
}

// allowed is the end of the order: allow rules, the read-only set,
// acceptEdits, and otherwise a prompt. rendered is renderCmd(cmd).
func (l *bashLine) allowed(cmd shell.Command, what, rendered string) verdict {
	if r := l.c.bashAllowRule(allowCandidatesOf(cmd, rendered)); r != nil {
		v := allowV(what + " matched " + r.describe())
		v.rule = r
		return v
	}
	if l.readOnly(cmd) {
		return allowV(what + " is read-only")
	}
	if l.c.mode == ModeAcceptEdits && l.editCommand(cmd) {
		return allowV(what + " edits files inside the working directories, auto-accepted in acceptEdits mode")
	}
	why := " is not read-only"
	if e := cmd.SideEffect(); e != "" {
		why += " (" + e + ")"
	} else if e := cmd.Why(); e != "" {
		why += " (" + e + ")"
	}
	v := askV(askMode, what+why+" and no allow rule matches it; it needs approval in "+string(l.c.mode)+" mode")
	v.suggest = []suggestion{bashSuggestion(cmd)}
	return v
}

// structuralVerdict handles the constructs that always ask: only an
// exact allow rule (no wildcard) approves them, and the code they run
// must be allowed too.
func (l *bashLine) structuralVerdict(f facts, why string, exact bool) verdict {
	var v verdict
	if r := l.exactRule(f.cmd); exact && r != nil {
		v = allowV(f.what + " " + why + ", but it matched the exact " + r.describe())
		v.rule = r
	} else {
		v = askV(askMode, f.what+" "+why+"; it needs approval")
		v.opaque = !f.cmd.Name.Static()
		if exact {
			v.suggest = []suggestion{{rule: "Bash(" + escapePattern(allowCandidates(f.cmd)[0]) + ")", persist: true}}
		}
	}
	if f.inner != nil {
		return combine([]verdict{v, *f.inner})
	}
	return v
}

// exactRule returns an allow rule without wildcard that matches the
// command as written or in its canonical form.
func (l *bashLine) exactRule(cmd shell.Command) *Rule {
	cands := allowCandidates(cmd)
	for _, r := range l.c.allow {
		if r.tool == commandRules && r.kind == ruleCommand && r.cmd.exact && slices.ContainsFunc(cands, r.cmd.match) {
			return r
		}
	}
	return nil
}

// inner evaluates the code a command runs: the script of eval and
// sh -c (parsed again and checked like a command line), and the
// commands find runs with -exec.
func (l *bashLine) inner(cmd shell.Command) *verdict {
	if code, ok := cmd.Code(); ok {
		var v verdict
		if !code.Known || l.depth+1 > maxDepth {
			v = askV(askMode, "Bash subcommand `"+capText(collapseSpace(cmd.Source), 300)+
				"` runs code that is only known at run time")
			v.opaque = true
		} else {
			v = l.c.bashLineIn(code.Script, l.depth+1, l.cwds, l.lost || l.chdir)
		}
		v.writes = true
		return &v
	}
	execs := cmd.Execs()
	if len(execs) == 0 {
		return nil
	}
	vs := make([]verdict, len(execs))
	for i, x := range execs {
		vs[i] = l.command(x)
	}
	v := combine(vs)
	return &v
}

// firstLevel returns the first verdict at a level.
func firstLevel(vs []verdict, lv level) (verdict, bool) {
	for _, v := range vs {
		if v.level == lv {
			return v, true
		}
	}
	return verdict{}, false
}

// firstClass returns the first ask of a class.
func firstClass(vs []verdict, class askClass) (verdict, bool) {
	for _, v := range vs {
		if v.level == levelAsk && v.class == class {
			return v, true
		}
	}
	return verdict{}, false
}

// envChdir reports whether a stripped env wrapper changes the command's
// directory (-C, --chdir): its relative paths are then unknown.
func envChdir(cmd shell.Command) bool {
	lead := len(cmd.Raw) - len(cmd.Args) - 1
	for _, w := range cmd.Raw[:max(lead, 0)] {
		if strings.HasPrefix(w.Text, "--ch") || (strings.HasPrefix(w.Text, "-C")) ||
			(len(w.Text) > 1 && w.Text[0] == '-' && w.Text[1] != '-' && strings.Contains(w.Text, "C")) {
			return true
		}
	}
	return false
}
