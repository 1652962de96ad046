package doctor

import "errors"

// ErrBroken is returned when at least one check failed: corvid doctor
// exits non-zero.
var ErrBroken = errors.New("corvid doctor found a problem")

// errFreeUnknown: this system's free space is not measured.
var errFreeUnknown = errors.New("free space unknown on this system")
