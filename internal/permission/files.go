package permission

import (
	"fmt"

	"corvid/internal/tool"
)

// access is what a call does to a path.
type access int

const (
	accessRead access = iota
	accessWrite
)

func (a access) verb() string {
	if a == accessWrite {
		return "write to"
	}
	return "read"
}

// fileTool evaluates Read, Grep, Glob (reads) and Edit, MultiEdit,
// Write, NotebookEdit (writes) by their path.
func (c *call) fileTool(acc access) verdict {
	p, err := c.toolPath()
	if err != nil {
		return askV(askMode, fmt.Sprintf("the path of this %s call cannot be checked: %v", c.name, err))
	}
	if v, decided := c.checkPath(p, acc, c.name); decided {
		return v
	}
	if acc == accessRead {
		return allowV(fmt.Sprintf("%s of %s: inside the working directories", c.name, p.target))
	}
	if c.mode == ModeAcceptEdits {
		return allowV(fmt.Sprintf("%s of %s: inside the working directories, auto-accepted in acceptEdits mode", c.name, p.target))
	}
	v := askV(askMode, fmt.Sprintf("%s of %s needs approval in %s mode", c.name, p.target, c.mode))
	v.suggest = []suggestion{{rule: dirRule(editRules, c.workDirOf(p.target))}}
	return v
}

// toolPath returns the path a file tool works on, as the tool says.
func (c *call) toolPath() (fsPath, error) {
	raw, err := c.accessPath()
	if err != nil {
		return fsPath{}, err
	}
	if raw == "" {
		return fsPath{}, tool.ErrNoPath
	}
	abs, ok := absolute(raw, c.cwd, c.e.env.home)
	if !ok {
		return fsPath{}, fmt.Errorf("%q is not a path that can be resolved", raw)
	}
	return c.resolve(abs)
}

// accessPath is the path the tool says the call touches, asked once.
func (c *call) accessPath() (string, error) {
	if !c.pathAsked {
		c.pathAsked = true
		if pa, ok := c.desc.(tool.PathAccessor); ok {
			c.path, c.pathErr = pa.AccessPath(c.raw, c.cwd)
		} else {
			c.pathErr = tool.ErrNoPath
		}
	}
	return c.path, c.pathErr
}

// pathWhat names an access to p in a reason. checkPath builds it only
// for a path that gets a verdict (most paths are inside the working
// directories and get none).
func pathWhat(acc access, p fsPath) string { return acc.verb() + " " + p.describe() }

// checkPath applies path rules and path safety to one path. It reports
// decided=false when the path is inside the working directories and no
// rule or safety check has anything to say: the caller decides then.
func (c *call) checkPath(p fsPath, acc access, toolName string) (verdict, bool) {
	if r := c.pathRule(c.e.deny, p, acc, toolName); r != nil {
		return denyRule(r, pathWhat(acc, p)), true
	}
	if r := c.pathRule(c.e.ask, p, acc, toolName); r != nil {
		return askRuleV(r, pathWhat(acc, p)), true
	}
	if acc == accessWrite {
		for _, f := range p.forms() {
			if isDevice(f) {
				return askV(askCritical, pathWhat(acc, p)+": it is a device"), true
			}
			if why := protectedReason(f); why != "" {
				return askV(askProtected, pathWhat(acc, p)+": "+why), true
			}
		}
	}
	if r := c.pathAllowed(p, acc); r != nil {
		v := allowV(pathWhat(acc, p) + " matched " + r.describe())
		v.rule = r
		return v, true
	}
	if c.inside(p) {
		return verdict{}, false
	}
	v := askV(askMode, pathWhat(acc, p)+": outside the working directories")
	if toolName == commandRules {
		// Claude Code names the path for a command's path only; a file
		// tool's question says "outside" in its reason instead.
		v.blocked = p.target
	}
	kind := readRules
	if acc == accessWrite {
		kind = editRules
	}
	v.suggest = []suggestion{{rule: dirRule(kind, containingDir(p.target))}}
	return v, true
}
