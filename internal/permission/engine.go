package permission

import (
	"fmt"
	"path/filepath"
	"sync"

	"corvid/internal/tool"
)

// Engine is the rule engine: Claude Code's rule language, its modes,
// Bash subcommand analysis and path safety. It is safe for concurrent
// use.
type Engine struct {
	cfg   Config
	env   ruleEnv
	work  [][]string // each working directory's forms (as given, resolved)
	home  []string   // home's forms
	known []fsPath   // working directories and home, resolved

	cwdMu   sync.Mutex
	lastCwd fsPath // the last current directory resolved

	deny, ask, allow []*Rule
	// bashDeny, bashAsk and bashAllow index the Bash rules of each list.
	bashDeny, bashAsk, bashAllow *bashRules
	// bashChecks is set when some deny or ask rule looks inside Bash
	// commands: an opaque command cannot be cleared of them.
	bashChecks bool

	mu      sync.RWMutex
	mode    Mode
	session []*Rule // allow rules added by "always" answers
}

var _ Checker = (*Engine)(nil)

// New compiles the configuration. Invalid rules are returned as errors
// (naming the rule and its file) and ignored; the engine works without
// them.
func New(cfg Config) (*Engine, []error) {
	e := &Engine{cfg: cfg, mode: cfg.Mode}
	if e.mode == "" {
		e.mode = ModeDefault
	}
	if len(cfg.WorkDirs) > 0 {
		e.env.cwd = cfg.WorkDirs[0]
	}
	e.env.home = cfg.Home
	e.env.tools = newCatalog(cfg.Tools)
	for _, d := range cfg.WorkDirs {
		if p, ok := dirPath(d); ok {
			e.work = append(e.work, p.forms())
			e.known = append(e.known, p, fsPath{link: p.target, target: p.target})
		}
	}
	if p, ok := dirPath(cfg.Home); ok {
		e.home = p.forms()
		e.known = append(e.known, p)
	}
	var errs []error
	if len(cfg.Tools) == 0 {
		errs = append(errs, ErrNoTools)
	}
	e.deny, errs = e.compile(cfg.Deny, tool.PermissionDeny, errs)
	e.ask, errs = e.compile(cfg.Ask, tool.PermissionAsk, errs)
	e.allow, errs = e.compile(cfg.Allow, tool.PermissionAllow, errs)
	e.bashDeny, e.bashAsk, e.bashAllow = indexBash(e.deny), indexBash(e.ask), indexBash(e.allow)
	for _, r := range append(append([]*Rule(nil), e.deny...), e.ask...) {
		e.bashChecks = e.bashChecks || (r.tool == commandRules && r.kind == ruleCommand) ||
			r.kind == rulePath
	}
	return e, errs
}

func (e *Engine) compile(list []RuleSource, b tool.PermissionBehavior, errs []error) ([]*Rule, []error) {
	var out []*Rule
	for _, rs := range list {
		r, err := parseRule(rs, b, e.env)
		if err != nil {
			errs = append(errs, &RuleError{Rule: rs, Behavior: b, Err: err})
			continue
		}
		out = append(out, r)
	}
	return out, errs
}

// RuleError is an invalid rule.
type RuleError struct {
	Rule     RuleSource
	Behavior tool.PermissionBehavior
	Err      error
}

func (e *RuleError) Error() string {
	where := e.Rule.File
	if where == "" {
		where = e.Rule.Source
	}
	return fmt.Sprintf("%s: invalid %s rule %q: %v (ignored)", where, e.Behavior, e.Rule.Text, e.Err)
}

func (e *RuleError) Unwrap() error { return e.Err }

// Mode returns the current mode.
func (e *Engine) Mode() Mode {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.mode
}

// SetMode changes the mode (Shift+Tab, set_permission_mode).
func (e *Engine) SetMode(m Mode) {
	e.mu.Lock()
	e.mode = m
	e.mu.Unlock()
}

// effectiveMode is the mode in force: bypassPermissions counts as
// default when it is disabled, auto as default until corvid has a
// classifier.
func (e *Engine) effectiveMode() Mode {
	m := e.Mode()
	switch {
	case m == ModeBypass && e.cfg.BypassDisabled, m == ModeAuto, m == "":
		return ModeDefault
	}
	return m
}

// cwdPath resolves the current directory, reusing the last resolution
// when the directory has not changed.
func (e *Engine) cwdPath(cwd string) fsPath {
	e.cwdMu.Lock()
	defer e.cwdMu.Unlock()
	if e.lastCwd.link != filepath.Clean(cwd) {
		p, ok := dirPath(cwd)
		if !ok {
			p = fsPath{link: cwd, target: cwd}
		}
		e.lastCwd = p
	}
	return e.lastCwd
}

// modeNote explains a mode that applies as another.
func (e *Engine) modeNote() string {
	switch m := e.Mode(); {
	case m == ModeBypass && e.cfg.BypassDisabled:
		return " [bypassPermissions is disabled by settings: default mode applies]"
	case m == ModeAuto:
		return " [auto mode has no classifier yet: default mode applies]"
	}
	return ""
}

// allowRules returns the allow rules, session rules included.
func (e *Engine) allowRules() []*Rule {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if len(e.session) == 0 {
		return e.allow
	}
	return append(append([]*Rule(nil), e.allow...), e.session...)
}
