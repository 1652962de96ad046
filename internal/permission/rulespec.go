package permission

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"corvid/internal/tool"
)

// toolGlob checks a tool-name glob: deny and ask rules may use any;
// allow rules must keep a literal "mcp__<server>__" prefix.
func (r *Rule) toolGlob(hasSpec bool) error {
	if hasSpec {
		return errors.New("a tool-name wildcard takes no specifier")
	}
	if r.Behavior == tool.PermissionAllow {
		head, _, _ := strings.Cut(r.tool, "*")
		server, _, found := strings.Cut(strings.TrimPrefix(head, "mcp__"), "__")
		if !strings.HasPrefix(head, "mcp__") || !found || server == "" {
			return errors.New(`allow rules may use a tool-name wildcard only after "mcp__<server>__"`)
		}
	}
	r.kind, r.cmd = ruleToolGlob, pattern{parts: splitStars(r.tool)}
	return nil
}

// specifier compiles the part in parentheses for the rule's tool, as
// the tool's kind and rule family say.
func (r *Rule) specifier(spec string, env ruleEnv) error {
	desc := env.tools.lookup(r.tool)
	if key, value, ok := paramSpec(desc, spec); ok {
		if r.Behavior == tool.PermissionAllow {
			return errors.New("parameter rules (name:value) are for deny and ask only")
		}
		r.kind, r.param, r.cmd = ruleParam, key, pattern{parts: splitStars(value)}
		r.cmd.exact = len(r.cmd.parts) == 1
		return nil
	}
	switch kindOf(desc) {
	case tool.KindExec:
		r.kind, r.cmd = ruleCommand, compilePattern(spec)
		return nil
	case tool.KindDelegate, tool.KindInvoke:
		r.kind, r.cmd = ruleName, compilePattern(spec)
		return nil
	case tool.KindFetch:
		return r.domainSpec(spec)
	case tool.KindRead, tool.KindEdit:
		if _, inFamily := familyOf(desc); inFamily && r.Behavior == tool.PermissionAllow {
			return fmt.Errorf("path rules for %s are not consulted for allow; write Read(...) or Edit(...)", r.tool)
		}
		return r.pathSpec(spec, env)
	}
	return fmt.Errorf("%s rules take no specifier other than param:value", r.tool)
}

func (r *Rule) domainSpec(spec string) error {
	host, ok := strings.CutPrefix(spec, "domain:")
	if !ok {
		return errors.New(`WebFetch rules take "domain:<host>"`)
	}
	d, err := compileDomain(host)
	r.kind, r.domain = ruleDomain, d
	return err
}

func (r *Rule) pathSpec(spec string, env ruleEnv) error {
	pp, err := compilePath(spec, r.Behavior == tool.PermissionAllow, r.Source, env)
	r.kind, r.path = rulePath, pp
	return err
}

// paramSpec recognises "name:value" for the tool's scalar parameters.
func paramSpec(desc tool.Tool, spec string) (key, value string, ok bool) {
	key, value, found := strings.Cut(spec, ":")
	if !found || key == "" || slices.Contains(primaryFields, key) || strings.IndexFunc(key, func(c rune) bool {
		return !isWordRune(c)
	}) >= 0 {
		return "", "", false
	}
	known, listed := paramsOf(desc)
	switch {
	case kindOf(desc) == tool.KindFetch && key == "domain":
		return "", "", false
	case kindOf(desc) == tool.KindExec && key == "timeout" && strings.TrimSpace(value) == "*":
		return "", "", false // legacy prefix form `timeout:*`
	case listed && !slices.Contains(known, key):
		return "", "", false
	}
	return key, value, true
}
