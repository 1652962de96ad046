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

// emptySchema stands in for a tool that declares no input schema.
const emptySchema = `{"type":"object","properties":{}}`

// wireRequest is the Messages API request body. Blocks, messages and tool
// definitions marshal through corvid's own JSON methods, so raw tool
// input, signatures and input schemas pass through untouched.
type wireRequest struct {
	Model     string             `json:"model"`
	MaxTokens int                `json:"max_tokens"`
	System    []provider.Block   `json:"system,omitempty"`
	Tools     []provider.ToolDef `json:"tools,omitempty"`
	Messages  []provider.Message `json:"messages"`
	Thinking  *provider.Thinking `json:"thinking,omitempty"`
	Metadata  map[string]string  `json:"metadata,omitempty"`
	Stream    bool               `json:"stream"`
}

// encodeRequest returns the JSON body for req, always streaming.
func encodeRequest(req *provider.Request) ([]byte, error) {
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
		Model:     req.Model,
		MaxTokens: req.MaxTokens,
		System:    req.System,
		Tools:     tools(req.Tools),
		Messages:  messages,
		Thinking:  req.Thinking,
		Metadata:  req.Metadata,
		Stream:    true,
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

// headerOptions turns a request's extra headers into SDK options, merging
// its anthropic-beta list with the client's.
func (c *Client) headerOptions(h map[string]string) []option.RequestOption {
	var opts []option.RequestOption
	betas := c.betas
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
