package spawn

import "errors"

// Sentinel errors.
var (
	// ErrUnknownModel is returned for a model name nothing resolves.
	ErrUnknownModel = errors.New("unknown model")
	// ErrClosed refuses a background launch once the conversation closes.
	ErrClosed = errors.New("the conversation is closing")
)
