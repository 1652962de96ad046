package command

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"corvid/internal/frontmatter"
)

// Kind tells commands from skills.
type Kind int

// Kinds.
const (
	KindCommand Kind = iota
	KindSkill
)

// Scope is where a definition was found.
type Scope string

// Scopes.
const (
	ScopeProject Scope = "project"
	ScopeUser    Scope = "user"
)

// MaxFileSize caps a definition file (larger files are skipped).
const MaxFileSize = 256 << 10

// maxDescription caps a description in listings (Claude Code's bound).
const maxDescription = 1536

// Command is one custom command or skill.
type Command struct {
	Name         string
	Description  string
	WhenToUse    string
	ArgumentHint string
	// AllowedTools are permission rules granted while it runs; Granted
	// says whether they may be (false for a repository's file until the
	// repository is trusted).
	AllowedTools []string
	Granted      bool
	Model        string
	// DisableModelInvocation keeps it out of the Skill tool;
	// UserInvocable false keeps it out of /name.
	DisableModelInvocation bool
	UserInvocable          bool

	Kind  Kind
	Scope Scope
	// Path is the file; Dir the skill's directory (${CLAUDE_SKILL_DIR}).
	Path, Dir string
	Body      string
}

// Grants reports whether invoking it would grant any permission.
func (c *Command) Grants() bool { return c.Granted && len(c.AllowedTools) > 0 }

// Parse reads a definition file's text.
func Parse(name, path string, kind Kind, scope Scope, data []byte) (*Command, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%w (%d bytes, the limit is %d)", ErrTooLarge, len(data), MaxFileSize)
	}
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("the file is not UTF-8 text")
	}
	front, body, _, err := frontmatter.Split(string(data))
	if err != nil {
		return nil, err
	}
	doc, err := frontmatter.Parse(front)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(body) == "" {
		return nil, ErrEmptyBody
	}
	c := &Command{Name: name, Kind: kind, Scope: scope, Path: path, Body: body}
	if err := c.fill(doc); err != nil {
		return nil, err
	}
	if c.Description == "" {
		c.Description = firstLine(body)
	}
	return c, nil
}

// fill copies the frontmatter keys corvid uses; unknown keys are ignored.
func (c *Command) fill(doc frontmatter.Doc) error {
	var err error
	str := func(key string, dst *string) {
		if err == nil {
			*dst, err = doc.Text(key)
		}
	}
	str("description", &c.Description)
	str("when_to_use", &c.WhenToUse)
	str("argument-hint", &c.ArgumentHint)
	str("model", &c.Model)
	var name string
	str("name", &name)
	if err != nil {
		return err
	}
	if c.AllowedTools, err = doc.List("allowed-tools"); err != nil {
		return err
	}
	if c.DisableModelInvocation, err = doc.Bool("disable-model-invocation", false); err != nil {
		return err
	}
	if c.UserInvocable, err = doc.Bool("user-invocable", true); err != nil {
		return err
	}
	if name != "" && c.Kind == KindSkill {
		if !ValidName(name) {
			return fmt.Errorf("invalid name %q (letters, digits, '-', '_', '.', ':')", name)
		}
		c.Name = name
	}
	if c.Model == "inherit" {
		c.Model = ""
	}
	return nil
}

// firstLine is the body's first non-blank line, for a definition without
// a description.
func firstLine(body string) string {
	for line := range strings.Lines(body) {
		if t := strings.TrimSpace(strings.TrimLeft(line, "#")); t != "" {
			return truncate(t, maxDescription)
		}
	}
	return ""
}

// truncate cuts s to at most n runes, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// ValidName reports whether name can be typed as /name.
func ValidName(name string) bool {
	if name == "" || len(name) > 128 {
		return false
	}
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			i > 0 && strings.ContainsRune("-_.:", r)
		if !ok {
			return false
		}
	}
	return true
}
