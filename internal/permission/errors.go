package permission

import "errors"

// ErrNoTools is reported by New when Config.Tools is empty: without the
// tools' descriptions no rule about them can be understood, so the engine
// denies every call rather than guess.
var ErrNoTools = errors.New("permission: no tool descriptions (Config.Tools is empty): every call is denied")
