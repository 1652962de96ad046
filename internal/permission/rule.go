package permission

import (
	"errors"
	"fmt"
	"strings"

	"corvid/internal/tool"
)

// ruleKind is what a rule's specifier matches.
type ruleKind int

const (
	ruleTool     ruleKind = iota // the whole tool: "Bash", "Bash(*)"
	ruleToolGlob                 // a tool-name glob: "*", "mcp__*"
	ruleServer                   // every tool of an MCP server: "mcp__github"
	ruleCommand                  // Bash(command pattern)
	rulePath                     // Read(path), Edit(path), and path rules of other file tools
	ruleDomain                   // WebFetch(domain:host)
	ruleName                     // Agent(type), Skill(name)
	ruleParam                    // Tool(param:value), deny and ask only
)

// Rule is one compiled permission rule.
type Rule struct {
	// Text is the rule with its tool name made canonical.
	Text     string
	Behavior tool.PermissionBehavior
	Source   RuleSource

	tool   string
	kind   ruleKind
	cmd    pattern // command, name, parameter value or tool-name glob
	path   *pathPattern
	domain domainPattern
	param  string
	desc   string // describe's text, made once when the rule is compiled
}

// describe names the rule and where it came from, for reasons.
func (r *Rule) describe() string {
	if r.desc != "" {
		return r.desc
	}
	return fmt.Sprintf("%s rule %s from %s", r.Behavior, r.Text, r.origin())
}

// origin is where the rule came from.
func (r *Rule) origin() string {
	switch {
	case r.Source.File != "" && r.Source.Source != "":
		return fmt.Sprintf("%s (%s settings)", r.Source.File, r.Source.Source)
	case r.Source.File != "":
		return r.Source.File
	case r.Source.Source == SourceCLI:
		return "the command line"
	case r.Source.Source == SourceSession:
		return "an earlier answer in this session"
	case r.Source.Source != "":
		return r.Source.Source + " settings"
	}
	return "an unnamed source"
}

// parseRule compiles one rule.
func parseRule(rs RuleSource, b tool.PermissionBehavior, env ruleEnv) (*Rule, error) {
	r, err := compileRule(rs, b, env)
	if r != nil {
		r.desc = r.describe()
	}
	return r, err
}

// compileRule is parseRule without the description.
func compileRule(rs RuleSource, b tool.PermissionBehavior, env ruleEnv) (*Rule, error) {
	name, spec, hasSpec, err := splitRule(strings.TrimSpace(rs.Text))
	if err != nil {
		return nil, err
	}
	if err := checkToolName(name, env.tools); err != nil {
		return nil, err
	}
	name = env.tools.canonical(name)
	r := &Rule{Text: name, Behavior: b, Source: rs, tool: name}
	if hasSpec && strings.TrimSpace(spec) == "*" {
		hasSpec = false
	}
	switch {
	case strings.Contains(name, "*"):
		return r, r.toolGlob(hasSpec)
	case !hasSpec && strings.HasPrefix(name, "mcp__") && !strings.Contains(name[5:], "__"):
		r.kind = ruleServer
		return r, nil
	case !hasSpec:
		return r, nil
	}
	r.Text = name + "(" + spec + ")"
	return r, r.specifier(spec, env)
}

// splitRule splits "Tool(spec)" into its parts.
func splitRule(text string) (name, spec string, hasSpec bool, err error) {
	if text == "" {
		return "", "", false, errors.New("empty rule")
	}
	open := strings.IndexByte(text, '(')
	if open < 0 {
		if strings.ContainsRune(text, ')') {
			return "", "", false, errors.New("unbalanced parentheses")
		}
		return text, "", false, nil
	}
	if !strings.HasSuffix(text, ")") || !balanced(text[open+1:len(text)-1]) {
		return "", "", false, errors.New("unbalanced parentheses")
	}
	spec = text[open+1 : len(text)-1]
	if strings.TrimSpace(spec) == "" {
		return "", "", false, errors.New("empty specifier in parentheses")
	}
	return text[:open], spec, true, nil
}

// balanced reports whether the unescaped parentheses in s pair up.
func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// checkToolName accepts names of letters, digits, '_', '-' and '*', and
// refuses a known tool's name in the wrong case.
func checkToolName(name string, tools catalog) error {
	if name == "" {
		return errors.New("missing tool name")
	}
	for _, c := range name {
		if !isWordRune(c) && c != '-' && c != '*' {
			return fmt.Errorf("invalid character %q in tool name %q", c, name)
		}
	}
	if k := tools.miscased(name); k != "" {
		return fmt.Errorf("unknown tool %q (tool names are case-sensitive; did you mean %s?)", name, k)
	}
	return nil
}

func isWordRune(c rune) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}
