// Package skill is the Skill tool: the model loads a custom command or
// skill by name, and its expanded instructions follow the tool's result.
// The expansion itself (arguments, !`command` output, the allowed-tools
// grant, queueing the text) is the Loader's, which the composition root
// (internal/app) supplies.
package skill

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"corvid/internal/command"
	"corvid/internal/tool"
)

// Name is the tool's name as the model, permission rules and hooks see it.
const Name = "Skill"

//go:embed prompt.md
var description string

var schema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "skill": {"type": "string", "minLength": 1, "description": "The name of a skill from the listing of available skills. Do not guess names."},
    "args": {"type": "string", "description": "Optional arguments for the skill"}
  },
  "required": ["skill"],
  "additionalProperties": false
}`)

// Loader finds and loads definitions for the tool.
type Loader interface {
	// Lookup finds a definition by name.
	Lookup(name string) (*command.Command, bool)
	// Load expands c with args for this turn, grants its allowed-tools
	// until the turn ends and queues the text to follow the tool's
	// result. A definition already loaded in this turn is an error.
	Load(ctx context.Context, c *command.Command, args string) error
}

// Tool is the Skill tool.
type Tool struct {
	tool.Base
	loader Loader
}

var _ tool.Tool = (*Tool)(nil)

// New returns the Skill tool over loader.
func New(loader Loader) tool.Tool {
	if loader == nil {
		panic("skill.New: nil loader")
	}
	return &Tool{loader: loader}
}

func (*Tool) Name() string                 { return Name }
func (*Tool) Description() string          { return description }
func (*Tool) InputSchema() json.RawMessage { return schema }

type input struct {
	Skill string `json:"skill"`
	Args  string `json:"args"`
}

func parse(raw json.RawMessage) input {
	var in input
	_ = json.Unmarshal(raw, &in)
	in.Skill = strings.TrimPrefix(strings.TrimSpace(in.Skill), "/")
	return in
}

// find resolves the input's definition, or says why the model may not
// load it.
func (t *Tool) find(raw json.RawMessage) (*command.Command, error) {
	in := parse(raw)
	c, ok := t.loader.Lookup(in.Skill)
	switch {
	case !ok:
		return nil, fmt.Errorf("Unknown skill: %s. Only names from the listing of available skills are valid", in.Skill)
	case c.DisableModelInvocation:
		return nil, fmt.Errorf("Skill %s cannot be used with the Skill tool (disable-model-invocation is set). "+
			"Ask the user to run /%s themselves; do not carry out its steps by other means", c.Name, c.Name)
	}
	return c, nil
}

// ValidateInput refuses unknown skills and those reserved for the user.
func (t *Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	_, err := t.find(raw)
	return err
}

// CheckPermissions allows a skill that grants nothing; one whose
// allowed-tools would be granted is left to the rules (Skill(name)),
// which ask by default.
func (t *Tool) CheckPermissions(_ context.Context, raw json.RawMessage) tool.PermissionResult {
	c, err := t.find(raw)
	if err != nil {
		return tool.PermissionResult{Behavior: tool.PermissionDeny, Message: err.Error()}
	}
	if c.Grants() {
		return tool.PermissionResult{Behavior: tool.PermissionPassthrough}
	}
	return tool.PermissionResult{Behavior: tool.PermissionAllow}
}

// Structured is the tool_use_result of a loaded skill.
type Structured struct {
	Success     bool   `json:"success"`
	CommandName string `json:"commandName"`
}

// Call loads the skill; its text follows the result.
func (t *Tool) Call(ctx context.Context, call tool.Call) (*tool.Result, error) {
	c, err := t.find(call.Input)
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	if err := t.loader.Load(ctx, c, parse(call.Input).Args); err != nil {
		var se *command.ShellError
		if errors.As(err, &se) || errors.Is(err, ErrLoaded) || errors.Is(err, ErrTooMany) {
			return tool.UseError(err.Error()), nil
		}
		return nil, err
	}
	res := tool.Text("Launching skill: " + c.Name)
	res.Structured = Structured{Success: true, CommandName: c.Name}
	return res, nil
}
