package permission

import (
	"context"
	"encoding/json"

	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/bashoutput"
	"corvid/internal/tools/edit"
	"corvid/internal/tools/glob"
	"corvid/internal/tools/grep"
	"corvid/internal/tools/killshell"
	"corvid/internal/tools/multiedit"
	"corvid/internal/tools/notebookedit"
	"corvid/internal/tools/read"
	"corvid/internal/tools/todowrite"
	"corvid/internal/tools/webfetch"
	"corvid/internal/tools/write"
)

// TestTools is exported to the external test package.
var TestTools = testTools

// testTools are the tools the tests judge calls by: corvid's built-in
// tools, described by their own packages, and stand-ins for Claude Code
// tools that live in other packages (Agent, Skill and the rest), which
// describe themselves the same way a new tool would.
func testTools() []tool.Tool {
	return append([]tool.Tool{
		bash.New(nil, bash.Options{}), bashoutput.New(nil), killshell.New(nil), glob.New(),
		grep.New(grep.Options{}), read.New(nil), edit.New(nil), multiedit.New(nil), write.New(nil),
		notebookedit.New(nil), webfetch.New(webfetch.Options{}), todowrite.New(todowrite.NewList()),
	}, standIns()...)
}

// standIn is a tool described only through package tool's optional
// interfaces, as a tool in its own package would be.
type standIn struct {
	tool.Base
	name     string
	aliases  []string
	kind     tool.Kind
	params   []string // nil: not listed
	subjects func(json.RawMessage) []string
}

func (s *standIn) Name() string                 { return s.name }
func (s *standIn) Aliases() []string            { return s.aliases }
func (s *standIn) Description() string          { return s.name }
func (s *standIn) InputSchema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (s *standIn) Kind() tool.Kind              { return s.kind }
func (s *standIn) Call(context.Context, tool.Call) (*tool.Result, error) {
	return tool.ErrorText("not callable"), nil
}

func (s *standIn) RuleSubjects(in json.RawMessage) []string {
	if s.subjects == nil {
		return nil
	}
	return s.subjects(in)
}

// paramStandIn adds a parameter list.
type paramStandIn struct{ *standIn }

func (p paramStandIn) RuleParams() []string { return p.params }

func standIns() []tool.Tool {
	state := func(name string) tool.Tool { return &standIn{name: name, kind: tool.KindState} }
	agent := &standIn{name: "Agent", aliases: []string{"Task"}, kind: tool.KindDelegate,
		params: []string{"description", "prompt", "subagent_type", "model", "effort", "run_in_background", "isolation"},
		subjects: func(in json.RawMessage) []string {
			if t := tool.InputString(in, "subagent_type"); t != "" {
				return []string{t}
			}
			return []string{"general-purpose"}
		}}
	skill := &standIn{name: "Skill", kind: tool.KindInvoke, params: []string{"args"},
		subjects: func(in json.RawMessage) []string {
			name := tool.InputString(in, "skill")
			if args := tool.InputString(in, "args"); args != "" {
				return []string{name, name + " " + args}
			}
			return []string{name}
		}}
	return []tool.Tool{paramStandIn{agent}, paramStandIn{skill},
		paramStandIn{&standIn{name: "WebSearch", kind: tool.KindOther, params: []string{"query"}}},
		&standIn{name: "AskUserQuestion", kind: tool.KindHuman}, &standIn{name: "ExitPlanMode", kind: tool.KindOther},
		state("TaskCreate"), state("TaskGet"), state("TaskList"), state("TaskUpdate"), state("ToolSearch"),
		state("EnterPlanMode"),
		&standIn{name: "ListMcpResourcesTool", aliases: []string{"ListMcpResources"}, kind: tool.KindState},
		&standIn{name: "ReadMcpResourceTool", aliases: []string{"ReadMcpResource"}, kind: tool.KindState},
	}
}
