package jsonschema_test

import (
	"context"
	"os"
	"testing"

	"corvid/internal/command"
	"corvid/internal/filestate"
	"corvid/internal/jsonschema"
	"corvid/internal/shells"
	"corvid/internal/subagent"
	"corvid/internal/subagent/spawn"
	"corvid/internal/tool"
	"corvid/internal/tools/agent"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/bashoutput"
	"corvid/internal/tools/edit"
	"corvid/internal/tools/glob"
	"corvid/internal/tools/grep"
	"corvid/internal/tools/killshell"
	"corvid/internal/tools/mcptool"
	"corvid/internal/tools/multiedit"
	"corvid/internal/tools/notebookedit"
	"corvid/internal/tools/read"
	"corvid/internal/tools/skill"
	"corvid/internal/tools/structured"
	"corvid/internal/tools/taskoutput"
	"corvid/internal/tools/taskstop"
	"corvid/internal/tools/todowrite"
	"corvid/internal/tools/toolsearch"
	"corvid/internal/tools/webfetch"
	"corvid/internal/tools/write"
)

func builtinTools() []tool.Tool {
	files, sh := filestate.New(), shells.New(shells.Options{})
	return []tool.Tool{
		bash.New(sh, bash.Options{}), bashoutput.New(sh), killshell.New(sh), glob.New(),
		grep.New(grep.Options{}), read.New(files), edit.New(files), multiedit.New(files), write.New(files),
		notebookedit.New(files), webfetch.New(webfetch.Options{}), todowrite.New(todowrite.NewList()),
		structuredOutput(), agent.New(spawn.NewRunner(spawn.Parent{}, subagent.NewCatalog())),
		taskstop.New(nil, killshell.New(sh)), taskoutput.New(nil, sh, bashoutput.New(sh)), skill.New(noSkills{}), mcptool.ResourceTools(nil, mcptool.Options{})[1],
		toolsearch.New(nil),
	}
}

// noSkills is a Skill tool loader with nothing to load.
type noSkills struct{}

func (noSkills) Lookup(string) (*command.Command, bool)               { return nil, false }
func (noSkills) Load(context.Context, *command.Command, string) error { return nil }

// structuredOutput is the --json-schema tool for a small schema.
func structuredOutput() tool.Tool {
	t, err := structured.New([]byte(`{"type":"object","properties":{"answer":{"type":"string"}},` +
		`"required":["answer"],"additionalProperties":false}`))
	if err != nil {
		panic(err)
	}
	return t
}

func TestEveryBuiltinToolSchemaCompiles(t *testing.T) {
	tools := builtinTools()
	dirs, err := os.ReadDir("../tools")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) != len(tools) {
		t.Fatalf("internal/tools has %d packages but this test builds %d tools: add the new tool here",
			len(dirs), len(tools))
	}
	for _, tl := range tools {
		s, err := jsonschema.Compile(tl.InputSchema())
		if err != nil {
			t.Errorf("%s: %v", tl.Name(), err)
			continue
		}
		// No built-in tool takes an empty input, nor a property it does not declare.
		if s.Validate(map[string]any{}) == nil {
			t.Errorf("%s accepts an empty input", tl.Name())
		}
	}
}

func TestBuiltinSchemasAcceptRealInput(t *testing.T) {
	inputs := map[string]map[string]any{
		"Bash": {"command": "ls -la", "timeout": float64(1000), "description": "List files"},
		"Edit": {"file_path": "/a.go", "old_string": "x", "new_string": "y", "replace_all": true},
		"Read": {"file_path": "/a.go", "offset": float64(10), "limit": float64(20)},
		"Grep": {"pattern": "func", "path": "/src", "output_mode": "content", "-n": true},
		"Agent": {"description": "Find the bug", "prompt": "Look for it", "subagent_type": "Explore",
			"model": "haiku", "effort": "low", "run_in_background": true},
		"TaskStop": {"task_id": "a0123"},
	}
	for _, tl := range builtinTools() {
		in, ok := inputs[tl.Name()]
		if !ok {
			continue
		}
		delete(inputs, tl.Name())
		s, err := jsonschema.Compile(tl.InputSchema())
		if err != nil {
			t.Fatalf("%s: %v", tl.Name(), err)
		}
		if err := s.Validate(in); err != nil {
			t.Errorf("%s rejects %v: %v", tl.Name(), in, err)
		}
		in["not_a_parameter"] = true
		if s.Validate(in) == nil {
			t.Errorf("%s accepts an undeclared property", tl.Name())
		}
	}
	if len(inputs) != 0 {
		t.Errorf("no tool named %v", inputs)
	}
}
