package permission

import (
	"encoding/json"
	"strings"

	"corvid/internal/tool"
)

// call is one evaluation in progress.
type call struct {
	e    *Engine
	name string
	desc tool.Tool // the tool's self-description; nil when unknown
	kind tool.Kind
	raw  json.RawMessage // the input as given
	// path and pathErr are the tool's AccessPath, once pathAsked.
	path      string
	pathErr   error
	pathAsked bool
	// in are the input's top-level fields, decoded on first use (only
	// parameter rules read them); inDone is set once they are.
	in       fields
	inDone   bool
	mode     Mode
	readOnly func() bool // the tool's own IsReadOnly; nil when unknown
	cwd      string
	cwdP     fsPath // the current directory, resolved
	allow    []*Rule
	resolved map[[2]string]fsPath // resolveFor's answers in this decision
}

func (e *Engine) newCall(name string, desc tool.Tool, input json.RawMessage, mode Mode, readOnly func() bool, workDir string) *call {
	cwd := e.env.cwd
	if e.cfg.Cwd != nil {
		if d := e.cfg.Cwd(); d != "" {
			cwd = d
		}
	}
	if workDir != "" {
		cwd = workDir
	}
	cwdP := e.cwdPath(cwd)
	return &call{e: e, name: name, desc: desc, kind: kindOf(desc), raw: input,
		mode: mode, readOnly: readOnly, cwd: cwdP.link, cwdP: cwdP, allow: e.allowRules()}
}

// fields returns the input's top-level fields, decoding them once.
func (c *call) fields() fields {
	if !c.inDone {
		c.in, c.inDone = decodeFields(c.raw), true
	}
	return c.in
}

// cwdForms are the forms of the current directory.
func (c *call) cwdForms() []string { return c.cwdP.forms() }

// resolve resolves an absolute path, starting from the directories
// whose resolution is known (working directories, home, the current
// directory, and extra).
func (c *call) resolve(p string, extra ...fsPath) (fsPath, error) {
	return c.resolveFor(p, "", extra...)
}

// resolveFor is resolve for a path that a process working in selfCwd
// opens ("" when not known).
//
// One decision sees the file system at one moment, so a path is resolved
// once per decision (a compound command often names the same directory
// several times); known paths only shorten the walk, they never change
// where it ends.
func (c *call) resolveFor(p, selfCwd string, extra ...fsPath) (fsPath, error) {
	key := [2]string{p, selfCwd}
	if r, ok := c.resolved[key]; ok {
		return r, nil
	}
	r, err := newFSPath(p, selfCwd, c.e.known, []fsPath{c.cwdP}, extra)
	if err == nil {
		if c.resolved == nil {
			c.resolved = make(map[[2]string]fsPath, 4)
		}
		c.resolved[key] = r
	}
	return r, err
}

// evaluate applies the rules in Claude Code's order: every deny rule
// first, then every ask rule, then safety checks, then allow rules,
// then what the tool's kind allows without asking. The mode is applied
// later (settle).
func (c *call) evaluate() verdict {
	v := c.evaluateRules()
	if v.action == "" {
		v.action = c.action()
	}
	if c.kind != tool.KindExec {
		v.writes = c.writes()
	}
	return v
}

func (c *call) evaluateRules() verdict {
	what := "the " + c.name + " tool"
	if r := c.toolRule(c.e.deny); r != nil {
		return denyRule(r, what)
	}
	if r := c.paramRule(c.e.deny); r != nil {
		return denyRule(r, what+"'s "+r.param)
	}
	sv := c.subject()
	if sv.level == levelDeny {
		return sv
	}
	if r := c.toolRule(c.e.ask); r != nil {
		return askRuleV(r, what)
	}
	if r := c.paramRule(c.e.ask); r != nil {
		return askRuleV(r, what+"'s "+r.param)
	}
	if sv.level == levelAsk && sv.class >= askProtected {
		return sv
	}
	if r := c.toolRule(c.allow); r != nil && c.kind != tool.KindExec {
		v := allowV(what + " matched " + r.describe())
		v.rule = r
		return v
	}
	return sv
}

// toolRule returns the first rule about the whole tool.
func (c *call) toolRule(rules []*Rule) *Rule {
	for _, r := range rules {
		switch r.kind {
		case ruleTool:
			if r.tool == c.name || covers(r, c.desc) {
				return r
			}
		case ruleToolGlob:
			if r.cmd.match(c.name) {
				return r
			}
		case ruleServer:
			if c.name == r.tool || strings.HasPrefix(c.name, r.tool+"__") {
				return r
			}
		}
	}
	return nil
}

// covers reports whether a whole-tool rule for one tool also covers
// the call's tool, as the tool's rule family says (MultiEdit is folded
// into Edit; Read's deny and ask also cover Grep and Glob).
func covers(r *Rule, desc tool.Tool) bool {
	f, ok := familyOf(desc)
	if !ok || f.Name != r.tool {
		return false
	}
	return f.Cover == tool.CoverAll || (f.Cover == tool.CoverDenyAsk && r.Behavior != tool.PermissionAllow)
}

// paramRule returns the first parameter rule matching the input.
func (c *call) paramRule(rules []*Rule) *Rule {
	for _, r := range rules {
		if r.kind != ruleParam || r.tool != c.name {
			continue
		}
		if v, ok := c.fields().scalar(r.param); ok && r.cmd.match(v) {
			return r
		}
	}
	return nil
}

// subject evaluates the tool's subject: its command, path, host or
// name.
func (c *call) subject() verdict {
	switch c.kind {
	case tool.KindExec:
		return c.bash(c.subjects()[0], 0)
	case tool.KindRead:
		return c.fileTool(accessRead)
	case tool.KindEdit:
		return c.fileTool(accessWrite)
	case tool.KindFetch:
		return c.fetch()
	case tool.KindDelegate:
		return c.named(c.subjects(), true)
	case tool.KindInvoke:
		return c.named(c.subjects(), false)
	case tool.KindState:
		return allowV(c.name + " never needs approval")
	case tool.KindHuman:
		return askV(askHuman, c.name+" always needs a person's answer")
	}
	v := askV(askMode, c.name+" needs approval in "+string(c.mode)+" mode")
	v.suggest = []suggestion{{rule: c.name}}
	return v
}

// writes reports whether a non-Bash call changes something.
func (c *call) writes() bool {
	switch c.kind {
	case tool.KindEdit:
		return true
	case tool.KindOther:
		return c.readOnly == nil || !c.readOnly()
	}
	return false
}

// subjects are what the tool's rules match in this input, primary
// first; never empty.
func (c *call) subjects() []string { return subjectsOf(c.desc, c.raw) }
