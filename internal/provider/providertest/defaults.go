package providertest

import (
	"cmp"

	"corvid/internal/provider"
)

// defaultChunkSize is the delta size when a turn sets none.
const defaultChunkSize = 12

func (t Turn) chunkSize() int {
	if t.ChunkSize > 0 {
		return t.ChunkSize
	}
	return defaultChunkSize
}

func (t Turn) stopReason() string {
	if t.StopReason != "" {
		return t.StopReason
	}
	for _, b := range t.Blocks {
		if b.Type == "tool_use" {
			return provider.StopToolUse
		}
	}
	return provider.StopEndTurn
}

// usage is the scripted usage, or made-up counts when none was scripted:
// 10 input tokens and one output token per four bytes of content.
func (t Turn) usage() provider.Usage {
	if t.Usage != (provider.Usage{}) {
		return t.Usage
	}
	n := 0
	for _, b := range t.Blocks {
		n += len(b.Text) + len(b.Thinking) + len(b.Data) + len(b.Input)
	}
	return provider.Usage{InputTokens: 10, OutputTokens: max(1, n/4)}
}

// errorType is the API error type of an HTTP error turn.
func (t Turn) errorType() string {
	if t.ErrorType != "" {
		return t.ErrorType
	}
	return statusErrorType(t.Status)
}

func (t Turn) errorMessage() string {
	if t.ErrorMessage != "" {
		return t.ErrorMessage
	}
	return defaultErrorMessage(t.errorType())
}

// statusErrorType maps an HTTP status to the error type the API uses.
func statusErrorType(status int) string {
	return cmp.Or(provider.TypeForStatus(status), provider.ErrTypeAPI)
}

func defaultErrorMessage(errType string) string {
	switch errType {
	case provider.ErrTypeOverloaded:
		return "Overloaded"
	case provider.ErrTypeRateLimit:
		return "Number of request tokens has exceeded your per-minute rate limit"
	case provider.ErrTypeAuthentication:
		return "invalid x-api-key"
	case provider.ErrTypeAPI:
		return "Internal server error"
	}
	return "providertest: scripted " + errType
}
