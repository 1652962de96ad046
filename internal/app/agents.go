package app

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"corvid/internal/command"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/session"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
	"corvid/internal/tool"
	"corvid/internal/tools/agent"
	"corvid/internal/tools/bashoutput"
	"corvid/internal/tools/killshell"
	"corvid/internal/tools/taskoutput"
	"corvid/internal/tools/taskstop"
	"corvid/internal/version"
	"corvid/internal/workspace"
)

// agents is a conversation's sub-agent support: the agent types, the
// runner and the Agent tool.
type agents struct {
	runner *spawn.Runner
	tool   tool.Tool
	// stop is TaskStop: background agents, then shells.
	stop tool.Tool
	// output is TaskOutput: background agents, then shells.
	output tool.Tool
}

// newAgents loads the agent types (built-ins, ~/.corvid/agents, the
// project's .claude/agents, --agents) and builds the runner; bad
// definitions are warned about, naming their file, and skipped. The
// runner works once bind gives it the configured conversation.
func newAgents(opts Options, env environment, kit *toolkit, s **setup) *agents {
	userDir := ""
	if d, err := configDir(env); err == nil {
		userDir = filepath.Join(d, "agents")
	}
	cat, errs := subagent.Load(subagent.LoadOptions{Cwd: opts.Cwd, UserDir: userDir, FlagJSON: opts.AgentsJSON})
	for _, err := range errs {
		warnf(opts, "warning: agents: %v\n", err)
	}
	parent := spawn.Parent{
		Deps:      func() engine.Deps { return (*s).engine.Deps },
		Policy:    func() engine.Policy { return (*s).policy() },
		State:     func() engine.State { return (*s).engine.State },
		FileTools: kit.fileTools,
		Files:     func() *filestate.Cache { return kit.files },
		Permission: func(m permission.Mode) permission.Checker {
			return withDebug(opts, (*s).gate.Narrow(m))
		},
		Resolve: func(name string) model.Info { return (*s).resolve(name) },
		Environment: func() string {
			return workspace.EnvFacts(opts.Cwd, time.Now(), opts.Getenv, workspace.InsideRepo(opts.Cwd)).Render()
		},
		Transcript: func(id string) (engine.Recorder, func(), error) { return (*s).agentTranscript(opts, id) },
		Skill:      func(name string) (string, bool) { return (*s).skillText(name) },
	}
	watchTasks(opts.Sink, kit.shells, &parent)
	r := spawn.NewRunner(parent, cat)
	return &agents{runner: r, tool: agent.New(r), stop: taskstop.New(r, killshell.New(kit.shells)),
		output: taskoutput.New(r, kit.shells, bashoutput.New(kit.shells))}
}

// bind finishes the wiring once the conversation is configured: unknown
// tools in definitions are reported, background agents' completions
// reach the model as reminders, and the sink is serialised (sub-agents
// publish from their own goroutines).
func (a *agents) bind(opts Options, s *setup) {
	var known []string
	for _, t := range s.kit.tools() {
		known = append(known, t.Name())
	}
	for _, err := range a.runner.Catalog().CheckTools(known) {
		warnf(opts, "warning: agents: %v\n", err)
	}
	prev := s.engine.Reminders
	s.engine.Reminders = func() []string {
		var out []string
		if prev != nil {
			out = prev()
		}
		return append(out, a.runner.Notifications()...)
	}
}

// close stops the background agents, waiting at most closeGrace.
func (a *agents) close() {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = a.runner.Close(ctx)
}

// policy is the conversation's policy in effect (what a sub-agent runs
// under): the engine's once Open built it.
func (s *setup) policy() engine.Policy {
	if s.live != nil {
		return s.live()
	}
	return s.engine.Policy
}

// agentTranscript opens a sub-agent's transcript beside the session's:
// <session dir>/subagents/agent-<id>.jsonl. Without a session
// transcript (--no-session-persistence) nothing is kept.
func (s *setup) agentTranscript(opts Options, id string) (engine.Recorder, func(), error) {
	if s.conv == nil || s.conv.writer == nil {
		return nil, func() {}, nil
	}
	path := filepath.Join(s.engine.SessionDir, "subagents", "agent-"+id+".jsonl")
	meta := session.Meta{SessionID: s.engine.SessionID, Cwd: opts.Cwd, Version: version.Surface,
		Entrypoint: entrypoint(environment(opts.Getenv)), Sidechain: true, AgentID: id}
	w, err := session.Open(path, meta)
	if err != nil {
		return nil, nil, err
	}
	rec := newTranscriptRecorder(w, func(f string, a ...any) { warnf(opts, f, a...) })
	return rec, func() { _ = w.Close() }, nil
}

// initToolNames are the tool names system/init reports: Claude Code
// 2.1.332 lists the Agent tool under its legacy name Task.
func initToolNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		if n == agent.Name {
			n = "Task"
		}
		out[i] = n
	}
	return out
}

// names are the agent types system/init lists, sorted without regard
// to case as Claude Code sorts them.
func (a *agents) names() []string {
	if a == nil {
		return nil
	}
	out := a.runner.Catalog().Names()
	slices.SortFunc(out, func(x, y string) int { return strings.Compare(strings.ToLower(x), strings.ToLower(y)) })
	return out
}

// describe is the agent types with their descriptions and sources, in
// the order of names.
func (a *agents) describe() []event.AgentType {
	if a == nil {
		return nil
	}
	var out []event.AgentType
	for _, name := range a.names() {
		if d, err := a.runner.Catalog().Lookup(name); err == nil {
			out = append(out, event.AgentType{Name: d.Name, Description: d.Description, Source: d.Source})
		}
	}
	return out
}

// skillText is the text of a skill an agent definition preloads, with
// ${CLAUDE_SKILL_DIR} filled in; its `!` commands are not run (nobody is
// asked while a sub-agent starts).
func (s *setup) skillText(name string) (string, bool) {
	if s.cmds == nil {
		return "", false
	}
	c, ok := s.cmds.Lookup(name)
	if !ok || c.Kind != command.KindSkill {
		return "", false
	}
	return strings.ReplaceAll(c.Body, "${CLAUDE_SKILL_DIR}", c.Dir), true
}
