package doctor

import (
	"errors"
	"fmt"
	"strings"

	"corvid/internal/config"
)

// settingsCheck loads every settings layer as a run does: a file that
// does not parse (or has a policy key of the wrong type) is a failure
// named file:line:col, because a run refuses to start without its deny
// and ask rules; a skipped key is a warning.
func settingsCheck(o Options) Check {
	s := o.Setup
	var loadErr *config.LoadError
	switch {
	case errors.As(s.SettingsErr, &loadErr):
		c := Check{Name: "settings", Status: StatusFail,
			Detail: fmt.Sprintf("%d file(s) cannot be loaded; a run refuses to start until they are fixed", len(loadErr.Failures))}
		for _, f := range loadErr.Failures {
			c.Items = append(c.Items, f.Problem.Error())
		}
		return c
	case s.SettingsErr != nil:
		return Check{Name: "settings", Status: StatusFail, Detail: s.SettingsErr.Error()}
	}
	c := Check{Name: "settings", Status: StatusOK, Items: s.SettingsFiles}
	c.Detail = fmt.Sprintf("%d file(s) parsed", len(s.SettingsFiles))
	if len(s.SettingsFiles) == 0 {
		c.Detail = "no settings files (defaults apply)"
	}
	if len(s.Problems) > 0 {
		c.Status = StatusWarn
		c.Detail += fmt.Sprintf("; %d key(s) skipped", len(s.Problems))
		for _, p := range s.Problems {
			c.Items = append(c.Items, "skipped: "+p.Error())
		}
	}
	return c
}

// trustCheck reports whether the working directory is trusted and, when
// it is not, what its own settings files were not allowed to grant.
func trustCheck(o Options) Check {
	s := o.Setup
	switch {
	case s.ConfigDirErr != nil:
		return Check{Name: "trust", Status: StatusSkip, Detail: "no config dir to read the trust list from"}
	case s.TrustErr != nil:
		return Check{Name: "trust", Status: StatusWarn,
			Detail: fmt.Sprintf("the trust list cannot be read (%v): this directory is treated as untrusted", s.TrustErr)}
	case s.Trusted:
		return Check{Name: "trust", Status: StatusOK, Detail: "this directory is trusted: its .claude settings apply in full"}
	case len(s.Withheld) == 0:
		return Check{Name: "trust", Status: StatusOK,
			Detail: "this directory is not trusted; its settings ask for nothing that needs trust"}
	}
	c := Check{Name: "trust", Status: StatusWarn,
		Detail: "this directory is not trusted: what its own settings grant is withheld until `corvid trust`"}
	for _, n := range s.Withheld {
		name := n.Shown
		if name == "" {
			name = n.File
		}
		c.Items = append(c.Items, fmt.Sprintf("%s: %s", name, strings.Join(n.Ignored, ", ")))
	}
	return c
}

// instructionsCheck lists the instruction files (CLAUDE.md and friends) a
// run reads at start.
func instructionsCheck(o Options) Check {
	s := o.Setup
	c := Check{Name: "instructions", Status: StatusOK}
	for _, f := range s.Instructions {
		c.Items = append(c.Items, f.Path)
	}
	c.Detail = fmt.Sprintf("%d file(s) read at start", len(s.Instructions))
	if len(s.Instructions) == 0 {
		c.Detail = "none found (CLAUDE.md, AGENTS.md, .claude/CLAUDE.md, … from / down to here)"
	}
	if len(s.InstructionProblem) > 0 {
		c.Status = StatusWarn
		for _, p := range s.InstructionProblem {
			c.Items = append(c.Items, "problem: "+p.Error())
		}
	}
	return c
}
