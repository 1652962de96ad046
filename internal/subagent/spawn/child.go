package spawn

import (
	"corvid/internal/subagent"
	"fmt"
	"slices"
	"sync/atomic"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/tool"
)

// child is one prepared sub-agent.
type child struct {
	id       string
	def      subagent.Definition
	cfg      engine.Config
	costs    *cost.Tracker
	toolUses atomic.Int64
	closeRec func()
	// background: the runner reports its tool calls (Parent.OnTask).
	background bool
}

// prepare checks the request and builds the child's configuration from
// the parent's: its services narrowed (build.go), its policy in effect
// with the child's own model and limits, and a state of the child's own.
// Only a foreground child's events reach the parent's sink: a background
// one may outlive the turn whose result closed the stream.
func (r *Runner) prepare(req subagent.Request, foreground bool) (*child, error) {
	def, err := r.catalog.Lookup(req.Type)
	if err != nil {
		return nil, err
	}
	parent := r.parent.Policy()
	m, err := r.model(def, req, parent.Model)
	if err != nil {
		return nil, err
	}
	c := &child{id: newAgentID(), def: def, costs: &cost.Tracker{}, background: !foreground}
	deps, err := r.deps(c, def, req.ToolUseID, foreground)
	if err != nil {
		return nil, err
	}
	state, err := r.state(c, def) // opens the transcript: the last step that may fail
	if err != nil {
		return nil, err
	}
	c.cfg = engine.Config{Deps: deps, Policy: r.policy(def, m, parent), State: state}
	return c, nil
}

// model picks the request's model, else the definition's, else the
// parent's current one.
func (r *Runner) model(def subagent.Definition, req subagent.Request, current model.Info) (model.Info, error) {
	name := req.Model
	if name == "" {
		name = def.Model
	}
	if name == "" || name == "inherit" {
		return current, nil
	}
	m := r.parent.Resolve(name)
	if m.ID == "" {
		return model.Info{}, fmt.Errorf("%w %q for agent %s", ErrUnknownModel, name, def.Name)
	}
	return m, nil
}

// tools builds the child's registry: the parent's tools that the
// definition allows, never the Agent tool, with the file tools replaced
// by fresh ones over a copy of the parent's file-state cache (made only
// when the child gets a file tool).
func (r *Runner) tools(def subagent.Definition, parent *tool.Registry) (*tool.Registry, error) {
	offered := slices.DeleteFunc(parent.Names(), func(n string) bool { return slices.Contains(agentToolNames, n) })
	names := subagent.SelectTools(def, offered)
	var own map[string]tool.Tool
	var picked []tool.Tool
	for _, t := range parent.Tools() {
		if !slices.Contains(names, t.Name()) {
			continue
		}
		if own == nil && r.parent.FileTools != nil {
			own = r.fileTools(names)
		}
		if fresh, ok := own[t.Name()]; ok {
			t = fresh
		}
		picked = append(picked, t)
	}
	return tool.Derive(parent, picked...) // deferred tools stay deferred, behind the child's own ToolSearch
}

// fileTools returns fresh file tools by name over the child's own cache,
// seeded with the parent's entries when the child gets one of them.
func (r *Runner) fileTools(names []string) map[string]tool.Tool {
	files := filestate.New()
	out := map[string]tool.Tool{}
	for _, t := range r.parent.FileTools(files) {
		out[t.Name()] = t
	}
	for name := range out {
		if slices.Contains(names, name) {
			files.Seed(r.parent.Files())
			break
		}
	}
	return out
}

// skills are the system prompt sections of the skills def preloads. A
// skill that does not exist is an error naming the definition.
func (r *Runner) skills(def subagent.Definition) ([]string, error) {
	var out []string
	for _, name := range def.Skills {
		var text string
		ok := r.parent.Skill != nil
		if ok {
			text, ok = r.parent.Skill(name)
		}
		if !ok {
			return nil, fmt.Errorf("%w: agent %s (%s) preloads skill %q, which does not exist",
				subagent.ErrUnknownSkill, def.Name, def.Source, name)
		}
		out = append(out, "# Skill: "+name+"\n\n"+text)
	}
	return out, nil
}
