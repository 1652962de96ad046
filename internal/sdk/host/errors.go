package host

import "errors"

var (
	// ErrHostGone is a request to the host after its input ended: nobody
	// is left to answer.
	ErrHostGone = errors.New("host: the SDK host closed its input; no answer can come")
	// ErrCancelled is a request the host withdrew (control_cancel_request).
	ErrCancelled = errors.New("host: the request was cancelled")
	// ErrUnknownSubtype is a control request corvid does not implement.
	ErrUnknownSubtype = errors.New("unsupported control request subtype")
	// ErrLineTooLong is an input line over MaxLine.
	ErrLineTooLong = errors.New("host: input line too long")
)
