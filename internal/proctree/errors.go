package proctree

import "errors"

// ErrUnsupported is returned where the platform has no subreapers.
var ErrUnsupported = errors.New("proctree: not supported on this platform")
