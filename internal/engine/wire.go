package engine

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"corvid/internal/provider"
)

// denied reports whether the permission gate refused the call id.
func (e *Engine) denied(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, d := range e.denials {
		if d.ToolUseID == id {
			return true
		}
	}
	return false
}

// withDefaults returns a tool_use block as Claude Code shows it: the
// input with each schema default it leaves out filled in (Edit's
// replace_all:false), appended after the given keys. Other blocks, calls
// of unknown tools and inputs that are not objects are returned as they
// are. Only the assistant frame changes; the call runs, and the
// conversation and its transcript keep, the input as the model sent it.
func (e *Engine) withDefaults(b provider.Block) provider.Block {
	if b.Type != provider.BlockToolUse {
		return b
	}
	t, ok := e.toolset().Lookup(b.Name)
	if !ok {
		return b
	}
	if in, ok := fillDefaults(b.Input, t.InputSchema()); ok {
		b.Input = in
	}
	return b
}

// fillDefaults appends to the object input the schema's top-level
// property defaults it lacks; ok is false when nothing was added.
func fillDefaults(input, schema json.RawMessage) (json.RawMessage, bool) {
	var s struct {
		Properties map[string]struct {
			Default json.RawMessage `json:"default"`
		} `json:"properties"`
	}
	var have map[string]json.RawMessage
	if json.Unmarshal(schema, &s) != nil || json.Unmarshal(input, &have) != nil || have == nil {
		return input, false
	}
	var add [][2]string
	for name, p := range s.Properties {
		if _, ok := have[name]; !ok && len(p.Default) > 0 {
			key, _ := json.Marshal(name)
			add = append(add, [2]string{string(key), string(p.Default)})
		}
	}
	if len(add) == 0 {
		return input, false
	}
	slices.SortFunc(add, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	out := bytes.TrimSuffix(bytes.TrimSpace(input), []byte("}"))
	out = append([]byte(nil), out...)
	comma := !bytes.HasSuffix(bytes.TrimSpace(out), []byte("{"))
	for _, kv := range add {
		if comma {
			out = append(out, ',')
		}
		out = append(append(append(out, kv[0]...), ':'), kv[1]...)
		comma = true
	}
	return append(out, '}'), true
}
