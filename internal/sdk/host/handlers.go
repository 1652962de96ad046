package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"corvid/internal/permission"
)

// control answers one request from the host, exactly once, in the order
// they came: while initialize opens the conversation, the requests after
// it wait in order off the input loop (see inOrder), and so do those that
// arrive after a turn's result but before the turn returned (settle.go).
// An mcp_message is answered at once: opening may be waiting for it.
func (h *Host) control(ctx context.Context, env envelope) {
	var st subtype
	if err := json.Unmarshal(env.Request, &st); err != nil {
		h.respond(env.RequestID, nil, fmt.Errorf("malformed control request: %v", err))
		return
	}
	switch st.Subtype {
	case "mcp_message":
		body, err := h.mcp.deliver(env.Request)
		h.respond(env.RequestID, body, err)
	case "initialize":
		h.initialize(ctx, env.RequestID, env.Request)
	default:
		settling := h.settling()
		h.inOrder(settling != nil, func() {
			if settling != nil {
				<-settling
			}
			body, err := h.handle(ctx, st.Subtype, env.Request)
			h.respond(env.RequestID, body, err)
		})
	}
}

// handle runs a request by subtype.
func (h *Host) handle(ctx context.Context, sub string, raw json.RawMessage) (any, error) {
	switch sub {
	case "interrupt":
		return h.interrupt(raw)
	case "set_permission_mode":
		return h.setMode(ctx, raw)
	case "set_model":
		return h.setModel(ctx, raw)
	case "set_max_thinking_tokens":
		return h.setThinking(ctx, raw)
	case "mcp_status":
		return h.mcpStatus(), nil
	case "get_context_usage":
		return h.contextUsage(ctx)
	case "rewind_files":
		return h.rewindFiles(ctx, raw)
	}
	return nil, unknownSubtype(sub)
}

// unknownSubtype is ErrUnknownSubtype for one subtype, worded as Claude
// Code answers it.
type unknownSubtype string

func (u unknownSubtype) Error() string        { return "Unsupported control request subtype: " + string(u) }
func (u unknownSubtype) Is(target error) bool { return target == ErrUnknownSubtype }

// initialize records the host's initialize at once (a message that
// follows is run with it) and opens the conversation and answers in a
// goroutine: opening may ask the host things (its MCP servers'
// handshakes), whose answers the input loop must stay free to read.
func (h *Host) initialize(ctx context.Context, id string, raw json.RawMessage) {
	var r initRequest
	if err := json.Unmarshal(raw, &r); err != nil {
		h.respond(id, nil, fmt.Errorf("malformed initialize: %v", err))
		return
	}
	h.mu.Lock()
	resp := initAnswer(r, h.opts.APIKeySource)
	if h.conv != nil || h.init != nil {
		// The conversation already runs with the first initialize's hooks.
		if resp.HooksApplied != nil {
			applied := false
			resp.HooksApplied = &applied
		}
	} else {
		h.init = &r
		h.mcp.setManifests(r.SDKMCPManifests)
	}
	resp.SessionState = h.current
	h.mu.Unlock()
	h.inOrder(true, func() { h.respond(id, h.opened(ctx, resp), nil) })
}

// opened opens the conversation, so that initialize's answer reports its
// live mode; one that cannot open says so at the first turn, as before.
func (h *Host) opened(ctx context.Context, resp initResponse) initResponse {
	conv, err := h.conversation(ctx)
	if err != nil {
		return resp
	}
	in := conv.Info()
	resp.PermissionMode = in.PermissionMode
	resp.Agents = withAgentNames(resp.Agents, in.Agents)
	resp.Commands = withCustom(resp.Commands, in.Commands)
	if in.OutputStyle != "" {
		resp.OutputStyle = in.OutputStyle
	}
	return resp
}

// interrupt stops the running turn; cancel_queued also drops the queue.
func (h *Host) interrupt(raw json.RawMessage) (any, error) {
	var r struct {
		CancelQueued bool `json:"cancel_queued"`
	}
	_ = json.Unmarshal(raw, &r)
	h.mu.Lock()
	conv := h.conv
	var cancelled []string
	if r.CancelQueued {
		for _, q := range h.queue {
			cancelled = append(cancelled, q.uuid)
		}
		h.queue = nil
	}
	still := []string{}
	for _, q := range h.queue {
		still = append(still, q.uuid)
	}
	h.mu.Unlock()
	if conv != nil {
		conv.Interrupt()
	}
	resp := map[string]any{"still_queued": still}
	if r.CancelQueued {
		resp["cancelled"] = cancelled
	}
	return resp, nil
}

func (h *Host) setMode(ctx context.Context, raw json.RawMessage) (any, error) {
	var r struct {
		Mode string `json:"mode"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	m, err := permission.ParseMode(r.Mode)
	if err != nil || r.Mode == "" {
		return nil, fmt.Errorf("invalid permission mode %q", r.Mode)
	}
	conv, err := h.conversation(ctx)
	if err != nil {
		return nil, err
	}
	if m == permission.ModeBypass && h.launchMode() != permission.ModeBypass {
		return nil, errors.New("bypassPermissions can only be entered when corvid was started with --dangerously-skip-permissions")
	}
	if err := conv.SetPermissionMode(m); err != nil {
		return nil, err
	}
	return map[string]string{"mode": string(m)}, nil
}

// launchMode is the mode the conversation was opened with.
func (h *Host) launchMode() permission.Mode {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.openMode
}

func (h *Host) setModel(ctx context.Context, raw json.RawMessage) (any, error) {
	var r struct {
		Model *string `json:"model"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	conv, err := h.conversation(ctx)
	if err != nil {
		return nil, err
	}
	name := ""
	if r.Model != nil {
		name = *r.Model
	}
	return nil, conv.SetModel(name)
}

func (h *Host) setThinking(ctx context.Context, raw json.RawMessage) (any, error) {
	var r struct {
		Max *int `json:"max_thinking_tokens"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	if r.Max != nil && *r.Max < 0 {
		return nil, fmt.Errorf("max_thinking_tokens must not be negative")
	}
	conv, err := h.conversation(ctx)
	if err != nil {
		return nil, err
	}
	n := 0
	if r.Max != nil {
		n = *r.Max
	}
	conv.SetMaxThinkingTokens(n)
	return nil, nil
}
