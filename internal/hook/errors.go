package hook

import "errors"

// ErrBadOutput is a hook output that is not the JSON object hooks answer
// with.
var ErrBadOutput = errors.New("hook: output is not a JSON object")

// ErrBadConfig is a hooks entry in a settings file that cannot be used
// (it is skipped; the message names the file and the entry).
var ErrBadConfig = errors.New("hook: bad hooks setting")

// ErrNoCallback is a callback id no runner knows.
var ErrNoCallback = errors.New("hook: no such callback")
