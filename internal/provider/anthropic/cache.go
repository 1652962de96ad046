package anthropic

import "corvid/internal/provider"

// ephemeral is the prompt-cache breakpoint the adapter places when a
// request asks for caching (provider.Request.Cache).
var ephemeral = &provider.CacheControl{Type: "ephemeral"}

// placeBreakpoints marks the request's cacheable prefix: the end of the
// system prompt (which follows the tools, so it covers both; the last tool
// when there is no system prompt), and the last block of the newest
// message, a breakpoint that rolls forward with the conversation so each
// request reads everything the previous one wrote. That is two of the
// API's four. The conversation itself is not changed: marked messages and
// blocks are copies.
func placeBreakpoints(req *provider.Request) {
	switch {
	case len(req.System) > 0:
		req.System = append([]provider.Block(nil), req.System...)
		req.System[len(req.System)-1].CacheControl = ephemeral
	case len(req.Tools) > 0:
		req.Tools = append([]provider.ToolDef(nil), req.Tools...)
		req.Tools[len(req.Tools)-1].CacheControl = ephemeral
	}
	n := len(req.Messages)
	if n == 0 {
		return
	}
	last := req.Messages[n-1]
	i := lastCacheable(last.Content)
	if i < 0 {
		return
	}
	content := append([]provider.Block(nil), last.Content...)
	content[i].CacheControl = ephemeral
	msgs := append([]provider.Message(nil), req.Messages[:n-1]...)
	req.Messages = append(msgs, provider.Message{Role: last.Role, Content: content})
}

// lastCacheable is the index of the last block that may carry a
// breakpoint (not thinking, not empty text), or -1.
func lastCacheable(blocks []provider.Block) int {
	for i := len(blocks) - 1; i >= 0; i-- {
		switch b := blocks[i]; {
		case b.Type == provider.BlockThinking, b.Type == provider.BlockRedactedThinking:
		case b.Type == provider.BlockText && b.Text == "":
		default:
			return i
		}
	}
	return -1
}
