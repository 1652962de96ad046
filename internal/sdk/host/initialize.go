package host

import (
	"encoding/json"
	"os"
	"slices"
	"time"

	"corvid/internal/event"
	"corvid/internal/hook"
	"corvid/internal/version"
)

// initRequest is the initialize request (the fields corvid uses).
type initRequest struct {
	Hooks         map[string][]hookMatcher `json:"hooks"`
	SDKMCPServers []string                 `json:"sdkMcpServers"`
	// SDKMCPManifests are the handshakes the SDK made with its servers
	// ({"initializeResult":…,"toolsListResult":…} by name).
	SDKMCPManifests    map[string]json.RawMessage `json:"sdkMcpServerManifests"`
	Agents             map[string]agentDef        `json:"agents"`
	SystemPrompt       json.RawMessage            `json:"systemPrompt"`
	AppendSystemPrompt *string                    `json:"appendSystemPrompt"`
	JSONSchema         json.RawMessage            `json:"jsonSchema"`
	// agentsJSON is the agents object as sent, for the conversation.
	agentsJSON json.RawMessage
}

// UnmarshalJSON reads the request and keeps the agents as sent.
func (r *initRequest) UnmarshalJSON(data []byte) error {
	type plain initRequest
	var raw struct {
		Agents json.RawMessage `json:"agents"`
	}
	if err := json.Unmarshal(data, (*plain)(r)); err != nil {
		return err
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	r.agentsJSON = raw.Agents
	return nil
}

// hookMatcher is one registered matcher: callbacks by id.
type hookMatcher struct {
	Matcher         string   `json:"matcher"`
	HookCallbackIDs []string `json:"hookCallbackIds"`
	Timeout         float64  `json:"timeout"` // seconds
}

// agentDef is an agent the host defines (the fields listed in the
// answer; the conversation reads the whole definition).
type agentDef struct {
	Description string `json:"description"`
	Model       string `json:"model,omitempty"`
}

// systemPrompt reads initialize's systemPrompt: a list of strings (the
// SDK sends [""] for its minimal prompt) or one string; ok is false when
// absent (the default prompt).
func (r initRequest) systemPrompt() (string, bool) {
	if len(r.SystemPrompt) == 0 || string(r.SystemPrompt) == "null" {
		return "", false
	}
	var list []string
	if json.Unmarshal(r.SystemPrompt, &list) == nil {
		out := ""
		for i, s := range list {
			if i > 0 && s != "" {
				out += "\n\n"
			}
			out += s
		}
		return out, true
	}
	var one string
	if json.Unmarshal(r.SystemPrompt, &one) == nil {
		return one, true
	}
	return "", false
}

// matchers converts the registered hooks for hook.New.
func (r initRequest) matchers() map[string][]hook.Matcher {
	if len(r.Hooks) == 0 {
		return nil
	}
	out := map[string][]hook.Matcher{}
	for ev, list := range r.Hooks {
		for _, m := range list {
			out[ev] = append(out[ev], hook.Matcher{Pattern: m.Matcher, Callbacks: m.HookCallbackIDs,
				Timeout: time.Duration(m.Timeout * float64(time.Second))})
		}
	}
	return out
}

// initResponse is what the SDK reads from initialize.
type initResponse struct {
	Commands              []command    `json:"commands"`
	Agents                []agentInfo  `json:"agents"`
	OutputStyle           string       `json:"output_style"`
	AvailableOutputStyles []string     `json:"available_output_styles"`
	Models                []modelEntry `json:"models"`
	Account               account      `json:"account"`
	HooksApplied          *bool        `json:"hooks_applied,omitempty"`
	Version               string       `json:"claude_code_version"`
	// PID is corvid's process id; PermissionMode the conversation's mode
	// now; SessionState idle, running or requires_action (as Claude Code
	// 2.1.332 answers).
	PID            int    `json:"pid"`
	PermissionMode string `json:"current_permission_mode,omitempty"`
	SessionState   string `json:"session_state"`
}

type command struct {
	Name         string `json:"name"`
	Description  string `json:"description"`
	ArgumentHint string `json:"argumentHint"`
}

type agentInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Model       string `json:"model,omitempty"`
}

type modelEntry struct {
	Value       string `json:"value"`
	DisplayName string `json:"displayName"`
	Description string `json:"description"`
}

type account struct {
	APIKeySource string `json:"apiKeySource,omitempty"`
	APIProvider  string `json:"apiProvider"`
}

// commands are the slash commands a prompt may be (as in -p).
var commands = []command{
	{Name: "compact", Description: "Clear conversation history but keep a summary in context",
		ArgumentHint: "<optional custom summarization instructions>"},
	{Name: "cost", Description: "Show the total cost and duration of the current session"},
}

// withCustom adds the conversation's custom commands and skills to the
// built-in ones.
func withCustom(builtin []command, custom []event.Command) []command {
	out := append([]command(nil), builtin...)
	for _, c := range custom {
		out = append(out, command{Name: c.Name, Description: c.Description, ArgumentHint: c.ArgumentHint})
	}
	return out
}

// models are the choices set_model accepts by alias.
var models = []modelEntry{
	{Value: "default", DisplayName: "Default (recommended)", Description: "The configured model"},
	{Value: "opus", DisplayName: "Opus", Description: "Opus: the most capable model"},
	{Value: "sonnet", DisplayName: "Sonnet", Description: "Sonnet: for everyday tasks"},
	{Value: "haiku", DisplayName: "Haiku", Description: "Haiku: the fastest model"},
}

// initAnswer builds initialize's response.
func initAnswer(r initRequest, apiKeySource string) initResponse {
	resp := initResponse{Commands: commands, Agents: []agentInfo{}, OutputStyle: "default",
		AvailableOutputStyles: []string{"default"}, Models: models, Version: version.Surface,
		Account: account{APIKeySource: apiKeySource, APIProvider: "firstParty"}, PID: os.Getpid()}
	for name, a := range r.Agents {
		resp.Agents = append(resp.Agents, agentInfo{Name: name, Description: a.Description, Model: a.Model})
	}
	if len(r.Hooks) > 0 {
		applied := true
		resp.HooksApplied = &applied
	}
	return resp
}

// withAgentNames adds the conversation's other agent types (built-in,
// project, user) to the host's own, by name.
func withAgentNames(list []agentInfo, names []string) []agentInfo {
	for _, n := range names {
		if !slices.ContainsFunc(list, func(a agentInfo) bool { return a.Name == n }) {
			list = append(list, agentInfo{Name: n})
		}
	}
	return list
}
