package broker

import "errors"

// Errors of Subscribe.
var (
	ErrClosed  = errors.New("broker: closed")
	ErrNilSink = errors.New("broker: nil sink")
)
