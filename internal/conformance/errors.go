package conformance

import "errors"

// ErrBadCase reports a case file that cannot be played.
var ErrBadCase = errors.New("conformance: bad case")

// ErrBadOutput reports output that is not the JSON its format promises.
var ErrBadOutput = errors.New("conformance: output is not valid JSON frames")
