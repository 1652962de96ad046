// Package structured is the StructuredOutput tool of --json-schema: the
// model returns its final answer by calling it with input that matches
// the caller's schema. The executor validates the input against the
// schema (a mismatch goes back to the model as an input error, so it
// tries again); an accepted input is kept for the turn's result.
package structured

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"corvid/internal/jsonschema"
	"corvid/internal/tool"
)

// Name is the tool's name, as Claude Code names it.
const Name = "StructuredOutput"

// MaxRetries is how many times the model may fail to give a valid
// structured output in one turn before the turn ends in
// error_max_structured_output_retries.
const MaxRetries = 5

// Reminder asks a model that ended its turn without the tool to call it.
const Reminder = "You MUST call the " + Name + " tool to complete this request. Call this tool now."

// Tool is the StructuredOutput tool for one schema.
type Tool struct {
	tool.Base
	schema json.RawMessage

	mu       sync.Mutex
	accepted json.RawMessage
}

// New returns the tool for schema, which must be a valid JSON Schema for
// an object.
func New(schema json.RawMessage) (*Tool, error) {
	if _, err := jsonschema.Compile(schema); err != nil {
		return nil, fmt.Errorf("--json-schema: %w", err)
	}
	var probe struct {
		Type any `json:"type"`
	}
	if err := json.Unmarshal(schema, &probe); err != nil || probe.Type != "object" {
		return nil, fmt.Errorf("--json-schema: the schema must describe an object (\"type\": \"object\")")
	}
	return &Tool{schema: schema}, nil
}

func (t *Tool) Name() string                 { return Name }
func (t *Tool) InputSchema() json.RawMessage { return t.schema }
func (t *Tool) Description() string {
	return "Use this tool to return your final response in the requested structured format. " +
		"You MUST call this tool exactly once at the end of your response to provide the structured output."
}

// IsReadOnly: the call only hands over data.
func (t *Tool) IsReadOnly(json.RawMessage) bool { return true }

// CheckPermissions allows: returning the answer needs no approval.
func (t *Tool) CheckPermissions(context.Context, json.RawMessage) tool.PermissionResult {
	return tool.PermissionResult{Behavior: tool.PermissionAllow}
}

// Call keeps the (already validated) input as the structured output.
func (t *Tool) Call(_ context.Context, call tool.Call) (*tool.Result, error) {
	t.mu.Lock()
	t.accepted = append(json.RawMessage(nil), call.Input...)
	t.mu.Unlock()
	res := tool.Text("Structured output provided successfully")
	res.Structured = json.RawMessage(call.Input)
	return res, nil
}

// Take returns and forgets the accepted output, if any.
func (t *Tool) Take() (json.RawMessage, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := t.accepted
	t.accepted = nil
	return out, out != nil
}
