package permission

import (
	"os"
	"path/filepath"
	"strings"

	"corvid/internal/tool"
)

// appliesTo reports whether a path rule speaks about this access: Read
// rules cover reads, and their deny and ask also cover writes; Edit
// rules cover writes, and their allow also grants reads; rules for other
// file tools cover those tools only.
func appliesTo(r *Rule, acc access, toolName string) bool {
	if r.kind != rulePath {
		return false
	}
	switch r.tool {
	case readRules:
		return acc == accessRead || r.Behavior != tool.PermissionAllow
	case editRules:
		return acc == accessWrite || r.Behavior == tool.PermissionAllow
	}
	return r.tool == toolName
}

// pathRule returns the first rule matching any form of p: for deny and
// ask, a link or its target is enough.
func (c *call) pathRule(rules []*Rule, p fsPath, acc access, toolName string) *Rule {
	for _, r := range rules {
		if !appliesTo(r, acc, toolName) {
			continue
		}
		for _, f := range p.forms() {
			if r.path.match(f) {
				return r
			}
		}
	}
	return nil
}

// pathAllowed returns an allow rule when every form of p (link and
// target) is matched by some allow rule.
func (c *call) pathAllowed(p fsPath, acc access) *Rule {
	var first *Rule
	for _, f := range p.forms() {
		var hit *Rule
		for _, r := range c.allow {
			if appliesTo(r, acc, "") && r.path.match(f) {
				hit = r
				break
			}
		}
		if hit == nil {
			return nil
		}
		if first == nil {
			first = hit
		}
	}
	return first
}

// inside reports whether every form of p is inside a working directory.
func (c *call) inside(p fsPath) bool {
	for _, f := range p.forms() {
		if c.workDirOf(f) == "" {
			return false
		}
	}
	return true
}

// workDirOf returns the working directory (form) that holds p, or "".
func (c *call) workDirOf(p string) string {
	for _, forms := range c.e.work {
		for _, w := range forms {
			if within(w, p) {
				return w
			}
		}
	}
	return ""
}

// containingDir is p when it is a directory, else its parent.
func containingDir(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return p
	}
	return filepath.Dir(p)
}

// dirRule is a rule for everything below dir: Edit(//abs/dir/**).
func dirRule(kind, dir string) string {
	if dir == "" {
		return ""
	}
	esc := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`, `{`, `\{`, `}`, `\}`,
		`(`, `\(`, `)`, `\)`).Replace(strings.TrimPrefix(dir, "/"))
	if esc == "" {
		return kind + "(//**)"
	}
	return kind + "(//" + esc + "/**)"
}
