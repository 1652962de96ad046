// Package todowrite is the TodoWrite tool: the model's checklist for the
// current conversation. Each call replaces the whole list, which lives in
// a List owned by the composition root (internal/app) so compaction can
// re-inject it.
//
// Only the composition root imports it (and tests).
package todowrite

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"corvid/internal/tool"
)

// Name is the tool's name as the model, permission rules and hooks see it.
const Name = "TodoWrite"

// maxTodos bounds one list; a real plan is far shorter.
const maxTodos = 500

// resultText is what the model reads after a successful update.
const resultText = "The todo list is updated. Keep it current as you work: set an item to " +
	"in_progress when you start on it, mark it completed as soon as it is done, and " +
	"carry on with the next item if there is one."

//go:embed prompt.md
var description string

var schema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "todos": {
      "type": "array",
      "description": "The complete, updated todo list; it replaces the previous one.",
      "items": {
        "type": "object",
        "properties": {
          "content": {"type": "string", "minLength": 1, "description": "The task in imperative form, e.g. \"Fix the login test\"."},
          "status": {"type": "string", "enum": ["pending", "in_progress", "completed"], "description": "Where the task stands."},
          "activeForm": {"type": "string", "minLength": 1, "description": "The task in present-continuous form, shown while it runs, e.g. \"Fixing the login test\"."}
        },
        "required": ["content", "status", "activeForm"],
        "additionalProperties": false
      }
    }
  },
  "required": ["todos"],
  "additionalProperties": false
}`)

// Tool is the TodoWrite tool.
type Tool struct {
	tool.Base
	list *List
}

var _ tool.Tool = (*Tool)(nil)

// New returns the TodoWrite tool writing to list.
func New(list *List) tool.Tool {
	if list == nil {
		panic("todowrite.New: nil list")
	}
	return &Tool{list: list}
}

func (*Tool) Name() string                 { return Name }
func (*Tool) Description() string          { return description }
func (*Tool) InputSchema() json.RawMessage { return schema }

// CheckPermissions allows every call: the list is conversation state, not
// the user's files, so there is nothing to ask about.
func (*Tool) CheckPermissions(context.Context, json.RawMessage) tool.PermissionResult {
	return tool.PermissionResult{Behavior: tool.PermissionAllow}
}

// input is the tool's input object.
type input struct {
	Todos []Todo `json:"todos"`
}

// output is the structured tool_use_result.
type output struct {
	OldTodos []Todo `json:"oldTodos"`
	NewTodos []Todo `json:"newTodos"`
}

// ValidateInput rejects blank items and more than one in_progress item.
func (*Tool) ValidateInput(_ context.Context, raw json.RawMessage) error {
	in, err := decode(raw)
	if err != nil {
		return err
	}
	return validate(in.Todos)
}

// Call replaces the list.
func (t *Tool) Call(_ context.Context, call tool.Call) (*tool.Result, error) {
	in, err := decode(call.Input)
	if err == nil {
		err = validate(in.Todos)
	}
	if err != nil {
		return tool.UseError(err.Error()), nil
	}
	old := t.list.Replace(in.Todos)
	res := tool.Text(resultText)
	res.Structured = output{OldTodos: nonNil(old), NewTodos: nonNil(in.Todos)}
	return res, nil
}

func decode(raw json.RawMessage) (input, error) {
	var in input
	if err := json.Unmarshal(raw, &in); err != nil {
		return in, fmt.Errorf("TodoWrite input could not be read: %w", err)
	}
	return in, nil
}

// validate checks what the schema cannot: blank text, the one-in-progress
// rule and the size bound. Statuses are checked again so a caller that
// skipped schema validation still gets a clear message.
func validate(todos []Todo) error {
	if len(todos) > maxTodos {
		return fmt.Errorf("The todo list has %d items; at most %d are allowed. Group related steps into fewer items.", len(todos), maxTodos)
	}
	var active []string
	for i, td := range todos {
		switch {
		case strings.TrimSpace(td.Content) == "":
			return fmt.Errorf("Todo %d has empty content. Describe the task, e.g. \"Run the tests\".", i+1)
		case strings.TrimSpace(td.ActiveForm) == "":
			return fmt.Errorf("Todo %d (%q) has an empty activeForm. Give the present-continuous form, e.g. \"Running the tests\".", i+1, td.Content)
		case !td.Status.valid():
			return fmt.Errorf("Todo %d (%q) has status %q; use pending, in_progress or completed.", i+1, td.Content, td.Status)
		case td.Status == StatusInProgress:
			active = append(active, fmt.Sprintf("%q", td.Content))
		}
	}
	if len(active) > 1 {
		return fmt.Errorf("Only one todo may be in_progress at a time, but %d are: %s. Keep the one you are working on in_progress and set the others to pending or completed.",
			len(active), strings.Join(active, ", "))
	}
	return nil
}

func nonNil(todos []Todo) []Todo {
	if todos == nil {
		return []Todo{}
	}
	return todos
}
