package subagent

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"corvid/internal/permission"
)

// Definition is one agent type.
type Definition struct {
	Name        string
	Description string
	// Prompt is the sub-agent's system prompt (a file's body).
	Prompt string
	// Tools, when non-nil, are the only tools the agent gets (nil:
	// every tool a sub-agent may have); DisallowedTools are removed
	// from that set.
	Tools           []string
	DisallowedTools []string
	// Model is an alias, an id or "inherit" ("" inherits too).
	Model string
	// PermissionMode narrows the parent's mode (never widens it).
	PermissionMode permission.Mode
	MaxTurns       int
	// Skills are skills whose text the agent starts with (preloaded into
	// its system prompt).
	Skills []string
	// Source is where the definition came from: built-in, a file path,
	// or --agents.
	Source string
}

// Sources of definitions that are not files.
const (
	SourceBuiltin = "built-in"
	SourceFlag    = "--agents"
)

// namePattern is the form of an agent's name: letters, digits and
// hyphens (Claude Code's built-ins use capitals, so they are allowed).
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// ParseFile reads a definition file's text. source names it in errors.
func ParseFile(source, text string) (Definition, error) {
	lines, body, first, ok := splitFile(text)
	if !ok {
		return Definition{}, &DefinitionError{Source: source, Line: 1, Msg: "frontmatter opened with --- is never closed"}
	}
	if lines == nil {
		return Definition{}, &DefinitionError{Source: source, Msg: "no frontmatter (want --- name, description --- at the top)"}
	}
	fm, err := parseFrontmatter(lines, first, source)
	if err != nil {
		return Definition{}, err
	}
	d := Definition{Name: fm.scalars["name"], Description: fm.scalars["description"],
		Prompt: strings.TrimSpace(body), Model: fm.scalars["model"], Source: source}
	d.Tools, _ = fm.list("tools")
	if d.Tools == nil {
		if _, ok := fm.list("tools"); ok {
			d.Tools = []string{}
		}
	}
	d.DisallowedTools, _ = fm.list("disallowedTools")
	d.Skills, _ = fm.list("skills")
	d.PermissionMode = permission.Mode(fm.scalars["permissionMode"])
	if s, ok := fm.scalars["maxTurns"]; ok {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return Definition{}, &DefinitionError{Source: source, Msg: fmt.Sprintf("maxTurns %q: want a positive number", s)}
		}
		d.MaxTurns = n
	}
	return d, d.check()
}

// check validates the fields every source shares.
func (d Definition) check() error {
	bad := func(format string, a ...any) error {
		return &DefinitionError{Source: d.Source, Msg: fmt.Sprintf(format, a...)}
	}
	switch {
	case d.Name == "":
		return bad("missing name")
	case !namePattern.MatchString(d.Name):
		return bad("name %q: use letters, digits and hyphens", d.Name)
	case strings.TrimSpace(d.Description) == "":
		return bad("agent %s: missing description", d.Name)
	}
	if d.PermissionMode != "" {
		if _, err := permission.ParseMode(string(d.PermissionMode)); err != nil {
			return bad("agent %s: permissionMode %q: %v", d.Name, d.PermissionMode, err)
		}
	}
	return nil
}

func modeOf(s string) permission.Mode { return permission.Mode(s) }

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
