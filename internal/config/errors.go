package config

import "errors"

// errTooLarge reports a file over MaxFileSize.
var errTooLarge = errors.New("file too large")

// ErrMalformed is returned by AddRule for a settings file it cannot edit
// safely (it does not parse, or the permissions key has another shape).
var ErrMalformed = errors.New("settings file cannot be edited")
