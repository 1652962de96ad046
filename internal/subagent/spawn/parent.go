package spawn

import (
	"corvid/internal/engine"
	"corvid/internal/filestate"
	"corvid/internal/model"
	"corvid/internal/permission"
	"corvid/internal/subagent"
	"corvid/internal/tool"
)

// Parent is what sub-agents borrow from the conversation that launches
// them.
type Parent struct {
	// Deps are the parent's services: provider, tools (after --tools and
	// deny rules; a sub-agent never gets more), hooks, costs and sink. A
	// child narrows them (build.go).
	Deps func() engine.Deps
	// Policy is the parent's policy in effect, its current model
	// included; a child runs under it with its own model and limits.
	Policy func() engine.Policy
	// State is the parent's state; a child takes its session and
	// directories only.
	State func() engine.State
	// FileTools returns fresh instances of the tools that keep file state
	// (Read, Edit, Write…) over files; a sub-agent shares the parent's
	// instances of the other tools (Deps.Tools).
	FileTools func(files *filestate.Cache) []tool.Tool
	// Files is the parent's file-state cache; each child starts from a
	// copy.
	Files func() *filestate.Cache
	// Permission returns the parent's checker (rules, asker, session
	// answers) under a mode no wider than both the parent's and mode.
	Permission func(mode permission.Mode) permission.Checker
	// Resolve maps an alias or id to a model (a zero ID for an unknown
	// name).
	Resolve func(name string) model.Info
	// Environment is the environment facts added to every sub-agent's
	// system prompt.
	Environment func() string
	// Transcript opens the sub-agent's transcript (nil: none is kept).
	Transcript func(agentID string) (engine.Recorder, func(), error)
	// Skill returns the text of a skill an agent definition preloads
	// (nil: no skills exist).
	Skill func(name string) (text string, ok bool)
	// OnTask hears of each background agent's start, each tool call it
	// makes and its end (once), from the goroutine where it happened
	// (nil: nobody listens). It must not call back into the runner's
	// Stop or Close.
	OnTask func(subagent.Task)
}

// agentToolNames are the tools never given to a sub-agent: Agent (no
// nesting), TaskStop and TaskOutput (the parent's background tasks are
// not its own) and
// Skill (it queues a skill's text for the parent conversation's next
// request, not the sub-agent's).
var agentToolNames = []string{"Agent", "Task", "TaskStop", "TaskOutput", "Skill"}

// DefaultMaxTurns bounds a sub-agent whose definition sets no maxTurns.
const DefaultMaxTurns = 100
