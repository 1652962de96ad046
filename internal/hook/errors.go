package hook

import "errors"

// ErrBadOutput is a hook output that is not the JSON object hooks answer
// with.
var ErrBadOutput = errors.New("hook: output is not a JSON object")
