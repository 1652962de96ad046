package sdk

import "errors"

// ErrUnknownFormat reports an output format that is not text, json or
// stream-json.
var ErrUnknownFormat = errors.New("unknown output format")
