package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"corvid/internal/permission"
	"corvid/internal/tool"
	"corvid/internal/tools/agent"
	"corvid/internal/tools/skill"
	"corvid/internal/tools/taskoutput"
	"corvid/internal/tools/taskstop"
	"corvid/internal/tools/todowrite"
	"corvid/internal/tools/toolsearch"
)

// Explain answers "would this call be allowed here, and why?" for
// `corvid permissions check 'Tool(argument)'`, with the same settings,
// trust, flags and mode a run would use, and without asking or running
// anything.
func Explain(opts Options, query string) (permission.Decision, error) {
	name, input, err := parseQuery(query, describedTools())
	if err != nil {
		return permission.Decision{}, err
	}
	if err := checkAddDirs(opts); err != nil {
		return permission.Decision{}, err
	}
	settings, err := loadSettings(opts, environment(opts.Getenv))
	if err != nil {
		return permission.Decision{}, err
	}
	mode, err := permissionMode(opts, settings)
	if err != nil {
		return permission.Decision{}, err
	}
	cfg := permissionConfig(opts, settings, mode, describedTools())
	eng, errs := permission.New(cfg)
	for _, e := range errs {
		warnf(opts, "warning: permission rule ignored: %v\n", e)
	}
	if _, judged := subjectField(cfg.Tools, name); judged && string(input) == "{}" {
		return explainWholeTool(cfg, name), nil
	}
	return eng.Explain(name, input), nil
}

// subjectField is the input field a query's argument fills, as the
// named tool says (tool.Queried).
func subjectField(tools []tool.Tool, name string) (string, bool) {
	for _, t := range tools {
		if q, ok := t.(tool.Queried); ok && t.Name() == name {
			return q.SubjectField(), true
		}
	}
	return "", false
}

// describedTools are the built-in tools, built only to read their
// self-descriptions (nothing runs them).
//
// Tools built per run (Agent, TaskStop, TaskOutput, Skill) are described by
// instances without their run's parts: a description depends on the
// tool's type only, and rules naming them (Agent(Explore), Skill(x))
// must compile whatever the run offers.
func describedTools() []tool.Tool {
	return withRunTools((&toolkit{todos: todowrite.NewList()}).tools())
}

// withRunTools is builtin plus description-only instances of the tools
// built per run: what a permission engine describes tools by.
func withRunTools(builtin []tool.Tool) []tool.Tool {
	return append(slices.Clone(builtin),
		agent.New(nil), taskstop.New(nil, nil), taskoutput.New(nil, nil, nil), new(skill.Tool), toolsearch.New(nil))
}

// parseQuery reads "Tool" or "Tool(argument)" into a tool name and an
// input object.
func parseQuery(q string, tools []tool.Tool) (string, json.RawMessage, error) {
	q = strings.TrimSpace(q)
	name, arg, hasArg := strings.Cut(q, "(")
	if hasArg {
		if !strings.HasSuffix(arg, ")") {
			return "", nil, fmt.Errorf("%q: expected Tool(argument)", q)
		}
		arg = strings.TrimSuffix(arg, ")")
	}
	if name == "" {
		return "", nil, fmt.Errorf("%q: no tool name", q)
	}
	input := map[string]string{}
	if hasArg {
		field, ok := subjectField(tools, name)
		if !ok {
			return "", nil, fmt.Errorf("%q: corvid does not know which input of %s the argument is", q, name)
		}
		input[field] = arg
	}
	raw, err := json.Marshal(input)
	return name, raw, err
}
