package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/option"

	"corvid/internal/provider"
)

// betaHeader carries the comma-separated list of enabled betas.
const betaHeader = "anthropic-beta"

// sessionHeader names the conversation a request belongs to.
const sessionHeader = "X-Claude-Code-Session-Id"

// emptySchema stands in for a tool that declares no input schema.
const emptySchema = `{"type":"object","properties":{}}`

// wireRequest is the Messages API request body. Blocks, messages and tool
// definitions marshal through corvid's own JSON methods, so raw tool
// input, signatures and input schemas pass through untouched.
type wireRequest struct {
	Model             string             `json:"model"`
	MaxTokens         int                `json:"max_tokens"`
	System            []provider.Block   `json:"system,omitempty"`
	Tools             []provider.ToolDef `json:"tools,omitempty"`
	Messages          []provider.Message `json:"messages"`
	Metadata          map[string]string  `json:"metadata,omitempty"`
	Thinking          *provider.Thinking `json:"thinking,omitempty"`
	ContextManagement *contextManagement `json:"context_management,omitempty"`
	OutputConfig      *outputConfig      `json:"output_config,omitempty"`
	Temperature       *float64           `json:"temperature,omitempty"`
	Stream            bool               `json:"stream"`
}

// encodeRequest returns the JSON body for req, always streaming, and the
// headers it needs besides the request's own: the anthropic-beta list of
// its shape and the session header.
func (c *Client) encodeRequest(req *provider.Request) ([]byte, map[string]string, error) {
	if req == nil {
		return nil, nil, errors.New("nil request")
	}
	if req.Cache {
		cp := *req // the breakpoints go on copies; the caller's request is kept
		placeBreakpoints(&cp)
		req = &cp
	}
	sh := shapeFor(req)
	data, err := encodeBody(req, sh, c.deviceID)
	if err != nil {
		return nil, nil, err
	}
	h := map[string]string{betaHeader: strings.Join(sh.betas, ",")}
	if req.SessionID != "" {
		h[sessionHeader] = req.SessionID
	}
	return data, h, nil
}

// encodeBody returns the JSON body for req with shape sh.
func encodeBody(req *provider.Request, sh shape, deviceID string) ([]byte, error) {
	switch {
	case req == nil:
		return nil, errors.New("nil request")
	case req.Model == "":
		return nil, errors.New("no model")
	case req.MaxTokens <= 0:
		return nil, fmt.Errorf("max_tokens must be positive, got %d", req.MaxTokens)
	}
	messages := req.Messages
	if messages == nil {
		messages = []provider.Message{}
	}
	body := wireRequest{
		Model:             req.Model,
		MaxTokens:         req.MaxTokens,
		System:            req.System,
		Tools:             tools(req.Tools),
		Messages:          messages,
		Metadata:          metadata(req, deviceID),
		Thinking:          sh.thinking,
		ContextManagement: sh.context,
		OutputConfig:      sh.output,
		Temperature:       sh.temperature,
		Stream:            true,
	}
	// <, > and & stay literal: they are common in prompts and code.
	data, err := provider.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return data, nil
}

// tools gives schemaless tools an empty object schema, which the API
// requires; the others are passed as they are.
func tools(defs []provider.ToolDef) []provider.ToolDef {
	var out []provider.ToolDef
	for i, d := range defs {
		if len(bytes.TrimSpace(d.InputSchema)) != 0 {
			continue
		}
		if out == nil {
			out = slices.Clone(defs)
		}
		out[i].InputSchema = json.RawMessage(emptySchema)
	}
	if out == nil {
		return defs
	}
	return out
}

// metadata is req.Metadata with, when req names its session and has no
// user_id of its own, a user_id in Claude Code's shape: a JSON string of
// device_id, account_uuid and session_id.
func metadata(req *provider.Request, deviceID string) map[string]string {
	if req.SessionID == "" || req.Metadata["user_id"] != "" {
		return req.Metadata
	}
	id, err := json.Marshal(struct {
		DeviceID    string `json:"device_id"`
		AccountUUID string `json:"account_uuid"`
		SessionID   string `json:"session_id"`
	}{deviceID, "", req.SessionID})
	if err != nil {
		return req.Metadata
	}
	m := make(map[string]string, len(req.Metadata)+1)
	for k, v := range req.Metadata {
		m[k] = v
	}
	m["user_id"] = string(id)
	return m
}

// headerOptions turns headers into SDK options: shaped are the adapter's
// own (its betas first), h the request's extra headers. The anthropic-beta
// lists of both and of the client's configured headers are merged.
func (c *Client) headerOptions(shaped, h map[string]string) []option.RequestOption {
	var opts []option.RequestOption
	betas := mergeBetas(shaped[betaHeader], c.betas)
	for name, value := range shaped {
		if name != betaHeader {
			opts = append(opts, option.WithHeader(name, value))
		}
	}
	for name, value := range h {
		if strings.EqualFold(name, betaHeader) {
			betas = mergeBetas(betas, value)
			continue
		}
		opts = append(opts, option.WithHeader(name, value))
	}
	if betas != "" {
		opts = append(opts, option.WithHeader(betaHeader, betas))
	}
	return opts
}

// mergeBetas joins two comma-separated beta lists, dropping blanks and
// duplicates and keeping first-seen order.
func mergeBetas(a, b string) string {
	var out []string
	seen := map[string]bool{}
	for _, list := range []string{a, b} {
		for v := range strings.SplitSeq(list, ",") {
			v = strings.TrimSpace(v)
			if v != "" && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return strings.Join(out, ",")
}
