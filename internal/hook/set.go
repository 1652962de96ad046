package hook

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"corvid/internal/executor"
	"corvid/internal/tool"
)

// maxContext caps one hook's additional context, as Claude Code caps
// hook output strings.
const maxContext = 10000

// Common is the part of every hook input that describes the session.
type Common struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	PermissionMode string `json:"permission_mode,omitempty"`
}

// Set is the hooks of one conversation. It is safe for concurrent use.
type Set struct {
	runner Runner
	events map[string][]Matcher
	common func() Common

	message func(text string) // where systemMessage goes (control.go)

	mu         sync.Mutex
	pending    []string // additional context for the model's next request
	halted     bool     // a hook answered continue:false
	haltReason string   // its stopReason
}

// New returns the hooks in events, run by r; common describes the session
// at the time a hook fires.
func New(r Runner, events map[string][]Matcher, common func() Common) *Set {
	return &Set{runner: r, events: events, common: common}
}

// Has reports whether any hook is registered for event.
func (s *Set) Has(event string) bool { return s != nil && len(s.events[event]) > 0 }

// Context returns and forgets the additional context hooks gave since the
// last call (the engine's reminders).
func (s *Set) Context() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.pending
	s.pending = nil
	return out
}

func (s *Set) addContext(event, name, text string) {
	if text == "" {
		return
	}
	if len(text) > maxContext {
		text = text[:maxContext] + "…"
	}
	label := event
	if name != "" {
		label += ":" + name
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = append(s.pending, fmt.Sprintf("%s hook additional context: %s", label, text))
}

// fire runs every callback whose matcher selects name, in parallel, and
// returns the outputs that parsed. A callback that fails or times out
// decides nothing (hooks fail open unless they answer).
func (s *Set) fire(ctx context.Context, event, name, toolUseID string, fields map[string]any) []Output {
	if !s.Has(event) {
		return nil
	}
	input, err := s.input(event, fields)
	if err != nil {
		return nil
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		outs []Output
	)
	for _, m := range s.events[event] {
		if name != "" && !matches(m.Pattern, name) {
			continue // events without a match field (Stop, UserPromptSubmit…) ignore matchers
		}
		for _, id := range m.Callbacks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, ok := s.call(ctx, m, id, toolUseID, input)
				if ok {
					mu.Lock()
					outs = append(outs, out)
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	s.control(event, outs)
	return outs
}

func (s *Set) call(ctx context.Context, m Matcher, id, toolUseID string, input json.RawMessage) (Output, bool) {
	timeout := m.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	raw, err := s.runner.RunHook(ctx, id, toolUseID, input)
	if err != nil {
		return Output{}, false
	}
	out, err := Parse(raw)
	return out, err == nil
}

// input is the hook input: the common fields, the event name and fields.
func (s *Set) input(event string, fields map[string]any) (json.RawMessage, error) {
	c := Common{}
	if s.common != nil {
		c = s.common()
	}
	m := map[string]any{"session_id": c.SessionID, "transcript_path": c.TranscriptPath, "cwd": c.Cwd,
		"hook_event_name": event}
	if c.PermissionMode != "" {
		m["permission_mode"] = c.PermissionMode
	}
	for k, v := range fields {
		m[k] = v
	}
	return json.Marshal(m)
}

var _ executor.Hooks = (*Set)(nil)

// PreToolUse runs the PreToolUse hooks of a call and combines their
// verdicts: deny beats ask beats allow; the allowing hook's updatedInput
// replaces the input; additional context goes to the model.
func (s *Set) PreToolUse(ctx context.Context, in executor.HookInput) executor.HookDecision {
	outs := s.fire(ctx, PreToolUse, in.ToolName, in.ToolUseID, map[string]any{
		"tool_name": in.ToolName, "tool_input": in.Input, "tool_use_id": in.ToolUseID})
	var d executor.HookDecision
	best := 0
	for _, o := range outs {
		s.addContext(PreToolUse, in.ToolName, o.Specific.AdditionalContext)
		p := o.permission()
		if r := rank(p); r > best {
			best, d.Permission, d.Reason = r, tool.PermissionBehavior(p), o.reason()
		}
		if p == "allow" && len(o.Specific.UpdatedInput) > 0 {
			d.UpdatedInput = o.Specific.UpdatedInput
		}
	}
	if d.Permission == tool.PermissionDeny {
		d.UpdatedInput = nil
	}
	return d
}

// PostToolUse runs the PostToolUse hooks of a call; their additional
// context and blocking reasons go to the model. The result is kept.
func (s *Set) PostToolUse(ctx context.Context, in executor.HookInput, res *tool.Result) *tool.Result {
	if !s.Has(PostToolUse) {
		return nil
	}
	var response any
	if res != nil {
		response = res.Structured
		if response == nil {
			response = res.TextOf()
		}
	}
	outs := s.fire(ctx, PostToolUse, in.ToolName, in.ToolUseID, map[string]any{
		"tool_name": in.ToolName, "tool_input": in.Input, "tool_use_id": in.ToolUseID, "tool_response": response})
	for _, o := range outs {
		s.addContext(PostToolUse, in.ToolName, o.Specific.AdditionalContext)
		if o.Decision == "block" {
			s.addContext(PostToolUse, in.ToolName, o.reason())
		}
	}
	return nil
}
