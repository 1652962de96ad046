package mcptool

import "errors"

// ErrNoSessionDir is returned when output must be spilled but the call
// has no session directory.
var ErrNoSessionDir = errors.New("no session directory to save the output in")
