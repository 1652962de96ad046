package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/uuid"

	"corvid/internal/command"
	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/skill"
)

// commands is a conversation's custom commands and skills: the user's
// /name prompts and the Skill tool both load definitions through it.
// What a load grants (allowed-tools) and queues (the skill's text) lasts
// until endTurn.
type commands struct {
	set   *command.Set
	load  command.Options // where set came from, for nested skills
	gate  *permission.Engine
	tools *tool.Registry // set once the registry exists
	env   tool.Env
	warn  func(format string, args ...any)
	// noShell is the disableSkillShellExecution setting: !`command`s are
	// replaced by a note instead of running.
	noShell bool

	mu      sync.Mutex
	skills  bool            // the Skill tool is offered
	seen    map[string]bool // directories searched for nested skills
	notes   []string        // nested skills found, for the model
	pending []provider.Block
	loaded  []string
	revokes []func()
}

var _ skill.Loader = (*commands)(nil)

// maxLoads bounds the definitions one turn may load, so skills that load
// each other in a ring end.
const maxLoads = 20

// loadCommands finds the definitions for a run; files that cannot be
// loaded are reported and skipped.
func loadCommands(opts Options, env environment) (*command.Set, command.Options) {
	cfgDir, err := configDir(env)
	trusted := false
	if err == nil {
		trusted, _ = trustStore(cfgDir).Trusted(opts.Cwd)
	}
	skip := func(src string) bool { return opts.HasSettingSources && !slices.Contains(opts.SettingSources, src) }
	o := command.Options{Cwd: opts.Cwd, SkipProject: skip("project"), ProjectTrusted: trusted}
	if err == nil && !skip("user") {
		o.UserDir = cfgDir
	}
	set, problems := command.Load(o)
	for _, p := range problems {
		warnf(opts, "warning: commands: %v\n", p)
	}
	return set, o
}

// describe lists the user's commands for SDK hosts, as Claude Code
// 2.1.332 reports them in initialize.
func (c *commands) describe() []event.Command {
	var out []event.Command
	for _, d := range c.set.All() {
		if d.UserInvocable && !slices.Contains(slashCommands, d.Name) {
			// Claude Code names the source after the description.
			desc := strings.TrimSpace(d.Description + " (" + string(d.Scope) + ")")
			out = append(out, event.Command{Name: d.Name, Description: desc, ArgumentHint: d.ArgumentHint})
		}
	}
	return out
}

// Lookup finds a definition by name.
func (c *commands) Lookup(name string) (*command.Command, bool) { return c.set.Lookup(name) }

// Load expands a definition for the Skill tool and queues its text to
// follow the tool's result.
func (c *commands) Load(ctx context.Context, def *command.Command, args string) error {
	c.mu.Lock()
	again, many := slices.Contains(c.loaded, def.Name), len(c.loaded) >= maxLoads
	c.mu.Unlock()
	switch {
	case again:
		return fmt.Errorf("Skill %s: %w", def.Name, skill.ErrLoaded)
	case many:
		return fmt.Errorf("Skill %s: %w (%d this turn)", def.Name, skill.ErrTooMany, maxLoads)
	}
	body, err := c.prepare(ctx, def, args)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loaded = append(c.loaded, def.Name)
	c.pending = append(c.pending, provider.TextBlock(body))
	return nil
}

// markLoaded records a definition the user invoked, so the Skill tool
// does not load it again in the same turn.
func (c *commands) markLoaded(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loaded = append(c.loaded, name)
}

// prepare grants the definition's allowed-tools for the turn (when its
// source may grant) and expands its body.
func (c *commands) prepare(ctx context.Context, def *command.Command, args string) (string, error) {
	if def.Grants() {
		revoke, errs := c.gate.Grant(def.Path, def.AllowedTools)
		for _, e := range errs {
			c.warn("warning: %s: allowed-tools: %v\n", def.Path, e)
		}
		c.mu.Lock()
		c.revokes = append(c.revokes, revoke)
		c.mu.Unlock()
	} else if len(def.AllowedTools) > 0 {
		c.warn("notice: %s: allowed-tools not granted: the repository is not trusted (corvid trust)\n", def.Path)
	}
	return def.Expand(ctx, args, command.Env{SessionID: c.env.SessionID, ProjectDir: c.env.ProjectDir, Shell: c.shell})
}

// attachments hands the queued texts to the engine, once.
func (c *commands) attachments() []provider.Block {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.pending
	c.pending = nil
	return out
}

// endTurn revokes the turn's grants and forgets what it loaded.
func (c *commands) endTurn() {
	c.mu.Lock()
	revokes := c.revokes
	c.revokes, c.loaded, c.pending = nil, nil, nil
	c.mu.Unlock()
	for _, r := range revokes {
		r()
	}
}

// shell runs one !`command` of a body as the Bash tool would run it,
// after the Bash tool's permission check (nobody is asked in print
// mode: an ask is a refusal).
func (c *commands) shell(ctx context.Context, cmdline string) (string, error) {
	if c.noShell {
		return "[shell command execution disabled by policy]", nil
	}
	bash, ok := c.lookupTool("Bash")
	if !ok {
		return "", command.Denied("the Bash tool is not available in this session")
	}
	in, _ := json.Marshal(map[string]string{"command": cmdline})
	d := c.gate.Check(ctx, permission.Request{Tool: bash, Input: in, WorkDir: c.env.WorkDir})
	if d.Behavior != tool.PermissionAllow {
		return "", command.Denied(strings.TrimSuffix(firstNonEmpty(d.Message, d.Reason), "."))
	}
	if len(d.UpdatedInput) > 0 {
		in = d.UpdatedInput
	}
	res, err := bash.Call(ctx, tool.Call{ID: "command-shell-" + uuid.NewString(), Input: in, Env: c.env, Progress: func(tool.Progress) {}})
	if err != nil {
		return "", err
	}
	if res.IsError {
		return "", errors.New(strings.TrimSpace(res.TextOf()))
	}
	return res.TextOf(), nil
}

func (c *commands) lookupTool(name string) (tool.Tool, bool) {
	if c.tools == nil {
		return nil, false
	}
	return c.tools.Lookup(name)
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
